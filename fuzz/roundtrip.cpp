// Fuzz target: round trips of whatever value an input decodes to (docs/fuzzing.md).
// The input is decoded strictly (or, when that fails, non-strictly) into v; then
//   - decode(encode(v, o)) == expected_round_trip(v) (value_oracle.hpp) for the default
//     options and for a delimiter and indent size 1..8 chosen by the input;
//   - encode(decode(t)) == t for those canonical documents t;
//   - from_json(to_json(v)) == v (NaN/Inf cannot occur in decoded values), when v came from
//     strict decoding (non-strict decoding lets ill-formed UTF-8 through, which JSON rejects).
#include "fuzz_common.hpp"
#include "value_oracle.hpp"

namespace {

void round_trip(const toon::value& v, const toon::value& expected, const toon::encode_options& eo) {
  const std::string text = toon::encode(v, eo);
  toon::decode_options o;
  o.indent_size = eo.indent_size;
  toon::result<toon::value> back = toon::decode(text, o);
  if (!back && back.error().code == toon::error_code::invalid_utf8) {
    o.strict = false;
    back = toon::decode(text, o);
  }
  if (!back) toon_fuzz::fail("encoded document does not decode", back.error().to_string() + "\n" + text);
  if (!(*back == expected))
    toon_fuzz::fail("round trip differs", text + "\n--- expected\n" + toon_fuzz::json_of(expected) + "\n--- decoded\n" +
                                              toon_fuzz::json_of(*back));
  const std::string again = toon::encode(*back, eo);
  if (again != text) toon_fuzz::fail("canonical document re-encodes differently", text + "\n---\n" + again);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();
  const std::uint64_t h = toon_fuzz::input_hash(text);

  bool strict = true;
  toon::result<toon::value> r = toon::decode(text, toon_fuzz::decode_options_from(h, true));
  if (!r) {
    strict = false;
    r = toon::decode(text, toon_fuzz::decode_options_from(h, false));
    if (!r) return 0;
  }
  const toon::value expected = toon_oracle::expected_round_trip(*r);
  round_trip(*r, expected, {});
  round_trip(*r, expected, toon_fuzz::encode_options_from(h));

  if (strict) {
    const std::string json = toon::to_json(*r);
    toon::result<toon::value> back = toon::from_json(json);
    if (!back) toon_fuzz::fail("to_json output is not JSON", back.error().to_string() + "\n" + json);
    if (!(*back == *r)) toon_fuzz::fail("JSON round trip differs", json + "\n" + toon_fuzz::json_of(*back));
  }
  return 0;
}
