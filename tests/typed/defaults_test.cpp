// The defaults switch (issue 22, item 2): meta<T>::all_defaulted and
// decode_options::all_defaulted let absent fields keep the value T{} gives them, and
// schema_of / json_schema agree (such fields are not required and state T{}'s primitive value).
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "schema_check.hpp"
#include "toon/json.hpp"
#include "toon/toon.hpp"

namespace df {

enum class level { debug, info, warn };
enum class state { started = 1, stopped = 2 };  // T{} (0) has no name

struct limits {
  int low = 1;
  int high = 9;
};

// Initializers everywhere; meta<retry_policy>::all_defaulted makes each of them the default.
struct retry_policy {
  int retries = 3;
  std::string mode = "fast";
  double backoff = 1.5;
  std::vector<int> codes{500, 503};
  level lv = level::warn;
  limits bounds{};  // limits has no switch: when present, its fields are required
};

// The same members without the switch.
struct plain_policy {
  int retries = 3;
  std::string mode = "fast";
  double backoff = 1.5;
  std::vector<int> codes{500, 503};
  level lv = level::warn;
  limits bounds{};
};

struct off_policy {
  int retries = 3;
  int extra = 4;
};

struct odd_defaults {
  state st{};
  double nan = std::numeric_limits<double>::quiet_NaN();
  std::optional<int> maybe;
  std::map<std::string, int> counts;
  char letter = 'x';
};

struct service {
  std::string name;
  plain_policy policy;
  std::vector<limits> windows;
};

}  // namespace df

template <>
struct toon::meta<df::retry_policy> {
  static constexpr bool all_defaulted = true;
};
template <>
struct toon::meta<df::off_policy> {
  static constexpr bool all_defaulted = false;
  static constexpr std::string_view defaulted[] = {"extra"};
};
template <>
struct toon::meta<df::odd_defaults> {
  static constexpr bool all_defaulted = true;
};

namespace df {

toon::decode_options defaults_on() {
  toon::decode_options o;
  o.all_defaulted = true;
  return o;
}

TEST(DefaultsSwitch, MetaAllDefaultedKeepsInitializers) {
  toon::result<retry_policy> r = toon::decode<retry_policy>("retries: 5");
  ASSERT_TRUE(r.has_value()) << r.error().to_string();
  EXPECT_EQ(r->retries, 5);
  EXPECT_EQ(r->mode, "fast");
  EXPECT_EQ(r->backoff, 1.5);
  EXPECT_EQ(r->codes, (std::vector<int>{500, 503}));
  EXPECT_EQ(r->lv, level::warn);
  EXPECT_EQ(r->bounds.low, 1);
  EXPECT_EQ(r->bounds.high, 9);

  toon::result<retry_policy> empty = toon::decode<retry_policy>("");
  ASSERT_TRUE(empty.has_value()) << empty.error().to_string();
  EXPECT_EQ(empty->retries, 3);

  // The same through a toon::value.
  toon::result<retry_policy> v = toon::from_value<retry_policy>(toon::object{{"mode", "slow"}});
  ASSERT_TRUE(v.has_value()) << v.error().to_string();
  EXPECT_EQ(v->mode, "slow");
  EXPECT_EQ(v->retries, 3);
  EXPECT_EQ(v->codes, (std::vector<int>{500, 503}));
}

TEST(DefaultsSwitch, WithoutTheSwitchFieldsAreRequired) {
  toon::result<plain_policy> r = toon::decode<plain_policy>("retries: 5");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::missing_field);
  EXPECT_EQ(r.error().path, "mode");

  // all_defaulted = false is the same as no switch; defaulted[] still applies.
  toon::result<off_policy> off = toon::decode<off_policy>("extra: 1");
  ASSERT_FALSE(off.has_value());
  EXPECT_EQ(off.error().path, "retries");
  toon::result<off_policy> listed = toon::decode<off_policy>("retries: 1");
  ASSERT_TRUE(listed.has_value()) << listed.error().to_string();
  EXPECT_EQ(listed->extra, 4);
}

TEST(DefaultsSwitch, SwitchIsPerType) {
  // A nested struct without the switch still needs all of its fields once it is present.
  toon::result<retry_policy> r = toon::decode<retry_policy>("bounds:\n  low: 2");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::missing_field);
  EXPECT_EQ(r.error().path, "bounds.high");
  EXPECT_EQ(r.error().line, 1u);
}

TEST(DefaultsSwitch, DecodeOptionAppliesToEveryType) {
  const toon::decode_options o = defaults_on();
  toon::result<service> s = toon::decode<service>("policy:\n  backoff: 2\nwindows[2]{high}:\n  5\n  7", o);
  ASSERT_TRUE(s.has_value()) << s.error().to_string();
  EXPECT_EQ(s->name, "");
  EXPECT_EQ(s->policy.retries, 3);
  EXPECT_EQ(s->policy.backoff, 2.0);
  EXPECT_EQ(s->policy.codes, (std::vector<int>{500, 503}));
  ASSERT_EQ(s->windows.size(), 2u);
  // Every table row starts from limits{}.
  EXPECT_EQ(s->windows[0].low, 1);
  EXPECT_EQ(s->windows[0].high, 5);
  EXPECT_EQ(s->windows[1].low, 1);
  EXPECT_EQ(s->windows[1].high, 7);

  toon::result<service> v = toon::from_value<service>(toon::object{{"policy", toon::object{}}}, o);
  ASSERT_TRUE(v.has_value()) << v.error().to_string();
  EXPECT_EQ(v->policy.mode, "fast");

  // Off (the default), the first missing field is reported.
  toon::result<service> strict = toon::decode<service>("policy:\n  backoff: 2\nwindows[2]{high}:\n  5\n  7");
  ASSERT_FALSE(strict.has_value());
  EXPECT_EQ(strict.error().code, toon::error_code::missing_field);
  EXPECT_EQ(strict.error().path, "policy.retries");

  // Decoding into an existing object: absent fields keep the values it has.
  service existing;
  existing.name = "kept";
  existing.policy.retries = 8;
  ASSERT_TRUE(toon::decode("policy:\n  mode: slow", existing, o).has_value());
  EXPECT_EQ(existing.name, "kept");
  EXPECT_EQ(existing.policy.retries, 8);
  EXPECT_EQ(existing.policy.mode, "slow");
}

TEST(DefaultsSwitch, OtherErrorsStillReported) {
  const toon::decode_options o = defaults_on();
  toon::result<service> r = toon::decode<service>("policy:\n  retries: many", o);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::type_mismatch);
  EXPECT_EQ(r.error().path, "policy.retries");
  toon::result<service> u = toon::decode<service>("nme: x", o);
  ASSERT_FALSE(u.has_value());
  EXPECT_EQ(u.error().code, toon::error_code::unknown_field);
}

// ---- schemas ----------------------------------------------------------------------------------

TEST(DefaultsSwitch, SchemaOfMetaSwitch) {
  EXPECT_EQ(toon::typed_params<retry_policy>(),
            "retries:int=3 mode:string=fast backoff:number=1.5 codes:int[] lv:debug/info/warn=warn "
            "bounds:{low:int! high:int!}");
  EXPECT_EQ(toon::to_json(toon::json_schema<retry_policy>()),
            R"({"type":"object","properties":{"retries":{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":3},)"
            R"("mode":{"type":"string","default":"fast"},"backoff":{"type":"number","default":1.5},)"
            R"("codes":{"type":"array","items":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},)"
            R"("lv":{"type":"string","enum":["debug","info","warn"],"default":"warn"},)"
            R"("bounds":{"type":"object","properties":{"low":{"type":"integer","minimum":-2147483648,"maximum":2147483647},"high":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},)"
            R"("required":["low","high"],"additionalProperties":false}},"additionalProperties":false})");
  schema_check::check_agreement<retry_policy>();
  schema_check::check_agreement<off_policy>();
  EXPECT_EQ(toon::typed_params<off_policy>(), "retries:int! extra:int=4");
}

TEST(DefaultsSwitch, DefaultsStatedOnlyWhenExpressible) {
  // An unnamed enum value, NaN (written null), optionals and maps state no default; a char does.
  EXPECT_EQ(toon::typed_params<odd_defaults>(),
            "st:started/stopped nan:number maybe:int counts:object letter:string=x");
  schema_check::check_agreement<odd_defaults>();
}

TEST(DefaultsSwitch, SchemaOfDecodeOptions) {
  const toon::decode_options o = defaults_on();
  EXPECT_EQ(toon::format_typed_params(toon::schema_of<service>(o)),
            "name:string=\"\" policy:{retries:int=3 mode:string=fast backoff:number=1.5 codes:int[] "
            "lv:debug/info/warn=warn bounds:{low:int=1 high:int=9}} windows:{low:int=1 high:int=9}[]");
  // Off: the same schema as schema_of<T>().
  EXPECT_EQ(&toon::schema_of<service>(toon::decode_options{}), &toon::schema_of<service>());
  EXPECT_EQ(toon::to_json(toon::json_schema(toon::schema_of<service>(o))).find("\"required\""), std::string::npos);
  toon::result<toon::schema> parsed = toon::parse_typed_params(toon::format_typed_params(toon::schema_of<service>(o)));
  ASSERT_TRUE(parsed.has_value()) << parsed.error().to_string();
  EXPECT_EQ(*parsed, schema_check::strip(toon::schema_of<service>(o)));
}

// Agreement of schema and decoder: for every subset of members left out of an encoded value,
// the schema accepts the rest exactly when the decoder does, and the decoder fills the left-out
// members with T{}'s values.
template <class T>
void check_subsets(const T& full, const toon::decode_options& options, bool expect_all_accepted) {
  const toon::value encoded = toon::to_value(full);
  const toon::object& members = encoded.as_object();
  const std::size_t n = members.size();
  ASSERT_LT(n, 16u);
  const toon::schema& s = toon::schema_of<T>(options);
  const toon::value default_value = toon::to_value(T{});
  const toon::object& default_members = default_value.as_object();
  for (std::size_t mask = 0; mask < (std::size_t(1) << n); ++mask) {
    toon::object kept;
    toon::object expected;
    for (std::size_t i = 0; i < n; ++i) {
      const auto& m = *(members.begin() + static_cast<std::ptrdiff_t>(i));
      if (mask & (std::size_t(1) << i)) {
        kept.emplace_back(m.key, m.value);
        expected.emplace_back(m.key, m.value);
      } else {
        expected.emplace_back(m.key, (default_members.begin() + static_cast<std::ptrdiff_t>(i))->value);
      }
    }
    const toon::value input(std::move(kept));
    const bool valid = toon::validate(input, s).empty();
    toon::result<T> decoded = toon::from_value<T>(input, options);
    EXPECT_EQ(valid, decoded.has_value()) << toon::to_json(input);
    if (expect_all_accepted) {
      EXPECT_TRUE(valid) << toon::to_json(input);
    }
    if (decoded.has_value()) {
      EXPECT_EQ(toon::to_value(*decoded), toon::value(expected)) << toon::to_json(input);
    }
    // Through TOON text too.
    toon::result<T> from_text = toon::decode<T>(toon::encode(input), options);
    EXPECT_EQ(from_text.has_value(), decoded.has_value()) << toon::encode(input);
  }
}

TEST(DefaultsSwitch, SchemaAndDecoderAgreeOnEverySubset) {
  retry_policy r;
  r.retries = 7;
  r.mode = "slow";
  r.backoff = 0.25;
  r.codes = {429};
  r.lv = level::debug;
  r.bounds = {4, 5};
  check_subsets(r, {}, true);
  plain_policy p;
  p.retries = 7;
  p.codes = {};
  check_subsets(p, {}, false);
  check_subsets(p, defaults_on(), true);
  check_subsets(off_policy{1, 2}, {}, false);
}

}  // namespace df
