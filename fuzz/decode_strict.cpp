// Fuzz target: strict decoding of arbitrary bytes (docs/fuzzing.md).
//   - no crash, hang, leak or undefined behaviour;
//   - an error has a code and a position inside the input;
//   - a decoded value re-encodes to a document that decodes strictly to the same value
//     (value_oracle.hpp), and the streaming TOON -> JSON path gives the tree's JSON;
//   - toon::decode_document accepts and rejects the same inputs, with the tree's value.
#include "fuzz_common.hpp"
#include "value_oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();
  const std::uint64_t h = toon_fuzz::input_hash(text);
  const toon::decode_options options = toon_fuzz::decode_options_from(h, true);

  toon::result<toon::value> r = toon::decode(text, options);
  toon::result<std::string> streamed = toon::toon_to_json(text, options);
  toon::result<toon::document> doc = toon::decode_document(text, options);
  if (doc.has_value() != r.has_value())
    toon_fuzz::fail("decode_document and decode disagree", r ? doc.error().to_string() : r.error().to_string());
  if (r && !(doc->root() == *r)) toon_fuzz::fail("decode_document differs from decode", toon_fuzz::json_of(*r));
  if (!r && (doc.error().code != r.error().code || doc.error().line != r.error().line ||
             doc.error().column != r.error().column))
    toon_fuzz::fail("decode_document fails differently", doc.error().to_string() + "\n" + r.error().to_string());
  if (!r) {
    toon_fuzz::check_error(r.error(), text);
    if (streamed) toon_fuzz::fail("toon_to_json accepts what decode rejects", r.error().to_string());
    return 0;
  }
  const std::string json = toon_fuzz::json_of(*r);
  if (!streamed) toon_fuzz::fail("toon_to_json rejects what decode accepts", streamed.error().to_string());
  if (*streamed != json) toon_fuzz::fail("toon_to_json differs from to_json(decode)", *streamed + "\n" + json);

  const toon::encode_options eo = toon_fuzz::encode_options_from(h);
  const std::string again = toon::encode(*r, eo);
  toon::decode_options o2;
  o2.indent_size = eo.indent_size;
  toon::result<toon::value> back = toon::decode(again, o2);
  if (!back) toon_fuzz::fail("re-encoded document does not decode", back.error().to_string() + "\n" + again);
  if (!(*back == toon_oracle::expected_round_trip(*r)))
    toon_fuzz::fail("re-encoded document decodes to another value", again + "\n" + toon_fuzz::json_of(*back) + "\n" + json);
  return 0;
}
