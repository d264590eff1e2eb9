// Fuzz target: typed decoding into toon_model::document (tests/property/typed_model.hpp), a
// struct with nested vectors, maps and optionals (docs/fuzzing.md).
//   - no crash, hang, leak or undefined behaviour; errors have a code and, for syntax errors,
//     a position inside the input;
//   - the typed path agrees with the value path: decode<document>(text) succeeds exactly when
//     decode(text) and from_value<document> on its result do, with equal results;
//   - a decoded document round-trips: decode<document>(encode(x, o)) == x;
//   - decode<toon::value>(text) equals decode(text).
#include "fuzz_common.hpp"
#include "typed_model.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();
  const std::uint64_t h = toon_fuzz::input_hash(text);
  toon::decode_options options = toon_fuzz::decode_options_from(h, true);
  options.ignore_unknown_fields = (h >> 16) % 4 == 0;

  toon::result<toon_model::document> typed = toon::decode<toon_model::document>(text, options);
  toon::result<toon::value> tree = toon::decode(text, options);
  toon::result<toon::value> as_value = toon::decode<toon::value>(text, options);

  if (tree.has_value() != as_value.has_value()) toon_fuzz::fail("decode<toon::value> and decode disagree on success");
  if (tree && !(*tree == *as_value))
    toon_fuzz::fail("decode<toon::value> differs from decode", toon_fuzz::json_of(*tree) + "\n" + toon_fuzz::json_of(*as_value));

  if (!tree) {
    if (typed) toon_fuzz::fail("typed decoding accepts a document decode rejects", tree.error().to_string());
    toon_fuzz::check_error(tree.error(), text);
    return 0;
  }
  toon::result<toon_model::document> via_value = toon::from_value<toon_model::document>(*tree, options);
  if (typed.has_value() != via_value.has_value())
    toon_fuzz::fail("decode<document> and from_value<document> disagree on success",
                    (typed ? via_value.error().to_string() : typed.error().to_string()));
  if (!typed) {
    const toon::error& e = typed.error();
    if (e.code == toon::error_code::ok) toon_fuzz::fail("typed error with code ok");
    if (e.line > toon_fuzz::count_lines(text)) toon_fuzz::fail("typed error line beyond the input", e.to_string());
    (void)toon::format_error(e, text, "input.toon");
    return 0;
  }
  if (!(*typed == *via_value)) toon_fuzz::fail("decode<document> and from_value<document> differ");

  const toon::encode_options eo = toon_fuzz::encode_options_from(h);
  const std::string again = toon::encode(*typed, eo);
  if (again != toon::encode(toon::to_value(*typed), eo)) toon_fuzz::fail("typed and value encoders differ", again);
  toon::decode_options o2;
  o2.indent_size = eo.indent_size;
  toon::result<toon_model::document> back = toon::decode<toon_model::document>(again, o2);
  if (!back) toon_fuzz::fail("re-encoded document does not decode", back.error().to_string() + "\n" + again);
  if (!(*back == *typed)) toon_fuzz::fail("typed round trip differs", again);
  return 0;
}
