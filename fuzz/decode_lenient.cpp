// Fuzz target: non-strict decoding of arbitrary bytes (docs/fuzzing.md).
//   - no crash, hang, leak or undefined behaviour; errors have a position inside the input;
//   - strict mode only adds checks: whatever strict decoding accepts, non-strict decoding
//     accepts too and decodes to the same value (key order included);
//   - the non-strict value re-encodes to a canonical document that decodes (strictly, unless
//     the input smuggled in ill-formed UTF-8, which only non-strict decoding lets through) to
//     the same value; toon_to_json and toon::decode_document agree with the tree.
#include "fuzz_common.hpp"
#include "value_oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();
  const std::uint64_t h = toon_fuzz::input_hash(text);
  const toon::decode_options lenient = toon_fuzz::decode_options_from(h, false);
  toon::decode_options strict = lenient;
  strict.strict = true;

  toon::result<toon::value> r = toon::decode(text, lenient);
  toon::result<toon::value> s = toon::decode(text, strict);
  toon::result<std::string> streamed = toon::toon_to_json(text, lenient);
  toon::result<toon::document> doc = toon::decode_document(text, lenient);
  if (doc.has_value() != r.has_value())
    toon_fuzz::fail("decode_document and decode disagree", r ? doc.error().to_string() : r.error().to_string());
  if (r && !(doc->root() == *r)) toon_fuzz::fail("decode_document differs from decode", toon_fuzz::json_of(*r));
  if (!r) {
    toon_fuzz::check_error(r.error(), text);
    if (s) toon_fuzz::fail("strict decoding accepts what non-strict decoding rejects", r.error().to_string());
    if (streamed) toon_fuzz::fail("toon_to_json accepts what decode rejects", r.error().to_string());
    return 0;
  }
  const std::string json = toon_fuzz::json_of(*r);
  if (s && !(*s == *r))
    toon_fuzz::fail("strict and non-strict decoding differ", toon_fuzz::json_of(*s) + "\n" + json);
  if (!streamed) toon_fuzz::fail("toon_to_json rejects what decode accepts", streamed.error().to_string());
  if (*streamed != json) toon_fuzz::fail("toon_to_json differs from to_json(decode)", *streamed + "\n" + json);

  const toon::encode_options eo = toon_fuzz::encode_options_from(h);
  const std::string again = toon::encode(*r, eo);
  toon::decode_options o2;
  o2.indent_size = eo.indent_size;
  toon::result<toon::value> back = toon::decode(again, o2);
  if (!back && back.error().code == toon::error_code::invalid_utf8) {
    o2.strict = false;
    back = toon::decode(again, o2);
  }
  if (!back) toon_fuzz::fail("re-encoded document does not decode", back.error().to_string() + "\n" + again);
  if (!(*back == toon_oracle::expected_round_trip(*r)))
    toon_fuzz::fail("re-encoded document decodes to another value", again + "\n" + toon_fuzz::json_of(*back) + "\n" + json);
  return 0;
}
