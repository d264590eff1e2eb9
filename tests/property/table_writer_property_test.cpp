// toon::table_writer against toon::encode of the whole value: for generated arrays (tables with
// awkward keys and cells, spoiled tables, mixed arrays, arrays of arrays) written one element
// per call, in every delimiter, indent size and omit option, the writer's bytes are
// toon::encode's; or it rejects a row with type_mismatch, and then the bytes it had committed
// to (the header and the rows before) are not a prefix of toon::encode's, so no row-by-row
// writer could have produced them.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "toon/encode.hpp"
#include "toon/typed/encode.hpp"
#include "toon/typed/table_writer.hpp"
#include "toon/typed/to_value.hpp"
#include "value_generators.hpp"

namespace tw_prop {

struct address {
  std::string city;
  std::optional<int> zip;
};
struct record {
  int id;
  std::string name;
  std::optional<std::string> nick;
  std::optional<address> home;
  double score;
};

}  // namespace tw_prop

namespace {

toon::encode_options any_options() {
  toon::encode_options o;
  o.delimiter = *rc::gen::element(toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe);
  o.indent_size = toon_gen::pick(0, 5);
  o.omit_null = *rc::gen::arbitrary<bool>();
  o.omit_empty = *rc::gen::arbitrary<bool>();
  return o;
}

template <class T>
std::string whole(std::string_view key, const std::vector<T>& rows, const toon::encode_options& o) {
  if (key.empty()) return toon::encode(toon::to_value(rows), o);
  return toon::encode(toon::value(toon::object{{key, toon::to_value(rows)}}), o);
}

// Writes `rows` through a string or an ostream sink and checks the property of the file comment.
template <class T>
void check(std::string_view key, const std::vector<T>& rows, const toon::encode_options& o) {
  const std::string want = whole(key, rows, o);
  const bool to_stream = *rc::gen::arbitrary<bool>();
  std::string text;
  std::ostringstream os;
  std::optional<toon::table_writer<T>> w;
  if (to_stream) w.emplace(os, key, rows.size(), o);
  else w.emplace(text, key, rows.size(), o);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const toon::result<void> r = w->write(rows[i]);
    if (r) continue;
    RC_ASSERT(r.error().code == toon::error_code::type_mismatch);
    RC_ASSERT(i > 0u);
    std::string committed = whole(key, std::vector<T>(rows.begin(), rows.begin() + static_cast<long>(i)), o);
    const std::size_t open = committed.find('[');
    RC_ASSERT(open != std::string::npos);
    committed.replace(open + 1, std::to_string(i).size(), std::to_string(rows.size()));
    RC_TAG("rejected");
    RC_ASSERT(!want.starts_with(committed));
    return;
  }
  RC_ASSERT(w->finish().has_value());
  RC_ASSERT((to_stream ? os.str() : text) == want);
}


}  // namespace

RC_GTEST_PROP(TableWriterProperty, DynamicRowsMatchEncodeOrAreRejectedWhereTheyMustBe, ()) {
  toon_gen::builder b(toon_gen::limits{80, 6});
  toon::value generated;
  switch (toon_gen::pick(0, 5)) {
    case 0:
    case 1: generated = b.table(4); break;
    case 2: generated = b.array(4); break;
    case 3: generated = b.arrays_of_arrays(4); break;
    default: {  // a table, then elements of other kinds
      generated = b.table(3);
      generated.as_array().push_back(b.any(3));
      break;
    }
  }
  const toon::array& rows = generated.as_array();
  const std::string_view key = *rc::gen::element<std::string_view>("", "rows", "my key");
  check(key, std::vector<toon::value>(rows.begin(), rows.end()), any_options());
}

RC_GTEST_PROP(TableWriterProperty, TypedRowsMatchEncodeOrAreRejectedWhereTheyMustBe, ()) {
  // Rows whose form depends on their values: optional cells (null, or left out under
  // omit_null), an optional nested group, NaN scores (written null).
  const int n = toon_gen::pick(0, 8);
  const int nulls = toon_gen::pick(0, 3);  // 0: never null, 1: sometimes, 2: always
  std::vector<tw_prop::record> rows;
  for (int i = 0; i < n; ++i) {
    const auto maybe = [&] { return nulls == 2 || (nulls == 1 && *rc::gen::arbitrary<bool>()); };
    tw_prop::record r{i, *toon_gen::awkward_string(), std::nullopt, std::nullopt, 0.5 * i};
    if (!maybe()) r.nick = *toon_gen::awkward_string();
    if (!maybe()) r.home = tw_prop::address{*toon_gen::awkward_string(), maybe() ? std::nullopt : std::optional<int>(i)};
    if (maybe()) r.score = std::numeric_limits<double>::quiet_NaN();
    rows.push_back(std::move(r));
  }
  const std::string_view key = *rc::gen::element<std::string_view>("", "rows", "my key");
  check(key, rows, any_options());
}
