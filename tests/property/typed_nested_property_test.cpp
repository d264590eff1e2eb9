// Typed round trips of toon_model::document (typed_model.hpp), the struct the typed fuzz target
// decodes into: nested vectors, maps and optionals in every TOON form.
//   - decode<document>(encode(x, o)) == x for every delimiter and indent size 1..8;
//   - the typed and the value paths agree: encode(x) == encode(to_value(x)) and
//     from_value<document>(decode(encode(x))) == x.
// The five types of tests/typed/typed_property_test.cpp are not repeated here.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "toon/toon.hpp"
#include "typed_model.hpp"
#include "value_generators.hpp"

namespace {

rc::Gen<double> finite_double() {
  using L = std::numeric_limits<double>;
  return rc::gen::weightedOneOf<double>({
      {3, rc::gen::suchThat(rc::gen::arbitrary<double>(), [](double d) { return std::isfinite(d); })},
      {1, rc::gen::element(0.0, -0.0, 1e-7, 1e21, L::max(), L::lowest(), L::denorm_min(), 0.1, 1.5)},
  });
}

template <class T>
rc::Gen<std::optional<T>> optional_of(rc::Gen<T> g) {
  return rc::gen::map(rc::gen::maybe(std::move(g)),
                      [](rc::Maybe<T> m) { return m ? std::optional<T>(std::move(*m)) : std::nullopt; });
}

template <class C, class G>
rc::Gen<C> few(G g) {
  return rc::gen::scale(0.1, rc::gen::container<C>(std::move(g)));
}

template <class C, class K, class G>
rc::Gen<C> few_map(K k, G g) {
  return rc::gen::scale(0.1, rc::gen::container<C>(std::move(k), std::move(g)));
}

}  // namespace

namespace rc {

template <>
struct Arbitrary<toon_model::level> {
  static Gen<toon_model::level> arbitrary() {
    return gen::element(toon_model::level::low, toon_model::level::mid, toon_model::level::high);
  }
};

template <>
struct Arbitrary<toon_model::document> {
  static Gen<toon_model::document> arbitrary() {
    using namespace toon_model;
    auto str = toon_gen::awkward_string();
    auto coords_gen = gen::build<coords>(gen::set(&coords::lat, finite_double()), gen::set(&coords::lon, finite_double()));
    auto row_gen = gen::build<row>(gen::set(&row::id), gen::set(&row::label, str),
                                   gen::set(&row::rank, optional_of(gen::arbitrary<std::int32_t>())),
                                   gen::set(&row::at, coords_gen));
    auto leaf_gen = gen::build<leaf>(gen::set(&leaf::name, str), gen::set(&leaf::weight, optional_of(finite_double())),
                                     gen::set(&leaf::lvl), gen::set(&leaf::tags, few<std::vector<std::string>>(str)));
    auto group_gen = gen::build<group>(
        gen::set(&group::title, str), gen::set(&group::rows, few<std::vector<row>>(row_gen)),
        gen::set(&group::buckets, few_map<std::map<std::string, std::vector<std::int32_t>>>(
                                      str, few<std::vector<std::int32_t>>(gen::arbitrary<std::int32_t>()))),
        gen::set(&group::grid, few<std::vector<std::vector<std::string>>>(few<std::vector<std::string>>(str))),
        gen::set(&group::leaves, optional_of(few<std::vector<leaf>>(leaf_gen))));
    auto mark_gen = gen::build<mark>(gen::set(&mark::id), gen::set(&mark::name, str), gen::set(&mark::lvl),
                                     gen::set(&mark::ok), gen::set(&mark::score, optional_of(finite_double())),
                                     gen::set(&mark::tag, optional_of(str)), gen::set(&mark::small));
    return gen::build<document>(
        gen::set(&document::version), gen::set(&document::note, optional_of(str)),
        gen::set(&document::groups, few<std::vector<group>>(group_gen)),
        gen::set(&document::places, few_map<std::map<std::string, coords>>(str, coords_gen)),
        gen::set(&document::flags, few_map<std::map<std::string, std::map<std::string, std::optional<bool>>>>(
                                       str, few_map<std::map<std::string, std::optional<bool>>>(
                                                str, optional_of(gen::arbitrary<bool>())))),
        gen::set(&document::sparse, few<std::vector<std::optional<std::int64_t>>>(
                                        optional_of(gen::arbitrary<std::int64_t>()))),
        gen::set(&document::index, optional_of(few_map<std::map<std::string, std::vector<leaf>>>(
                                       str, few<std::vector<leaf>>(leaf_gen)))),
        gen::set(&document::records, few<std::vector<std::map<std::string, std::string>>>(
                                         few_map<std::map<std::string, std::string>>(str, str))),
        gen::set(&document::marks, optional_of(few<std::vector<mark>>(mark_gen))));
  }
};

}  // namespace rc

namespace {

RC_GTEST_PROP(TypedNestedProperty, DocumentRoundTripsForEveryDelimiterAndIndent, (const toon_model::document& x)) {
  for (toon::delimiter d : {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe}) {
    for (int indent = 1; indent <= 8; ++indent) {
      const toon::encode_options eo{indent, d};
      const std::string text = toon::encode(x, eo);
      RC_ASSERT(text == toon::encode(toon::to_value(x), eo));
      toon::decode_options o;
      o.indent_size = indent;
      toon::result<toon_model::document> back = toon::decode<toon_model::document>(text, o);
      if (!back) RC_FAIL("decode failed: " + back.error().to_string() + "\n" + text);
      RC_ASSERT(*back == x);
      toon::result<toon::value> tree = toon::decode(text, o);
      RC_ASSERT(tree.has_value());
      toon::result<toon_model::document> via_value = toon::from_value<toon_model::document>(*tree);
      if (!via_value) RC_FAIL("from_value failed: " + via_value.error().to_string() + "\n" + text);
      RC_ASSERT(*via_value == x);
    }
  }
}

TEST(TypedNestedProperty, SampleDocumentRoundTrips) {
  const toon_model::document x = toon_model::sample_document();
  const std::string text = toon::encode(x);
  toon::result<toon_model::document> back = toon::decode<toon_model::document>(text);
  ASSERT_TRUE(back.has_value()) << back.error().to_string() << "\n" << text;
  EXPECT_EQ(*back, x) << text;
}

}  // namespace
