// Fuzz target: JSON -> TOON -> JSON (docs/fuzzing.md). JSON text is parsed (from_json); when
// that succeeds, with v the value:
//   - to_json is a fixed point: from_json(to_json(v)) == v, compact and pretty;
//   - decode(encode(v, o)) == expected_round_trip(v) (value_oracle.hpp) for the default options
//     and for options chosen by the input, and the JSON of both sides agrees; a value nested
//     deeper than decode_options::max_depth must fail with depth_limit instead;
//   - toon_to_json(encode(v, o)) equals that JSON;
//   - json_to_toon(text, o) (the tape, no value) equals encode(v, o), and fails exactly as
//     from_json does (code, message, line, column) on invalid JSON;
//   - from_json with replace_lone_surrogates gives v too, and where from_json fails and it
//     succeeds (lone surrogates), its value is valid JSON again: from_json(to_json(w)) == w.
#include "fuzz_common.hpp"
#include "value_oracle.hpp"

namespace {

void through_toon(const toon::value& v, const toon::value& expected, const toon::encode_options& eo) {
  const std::string text = toon::encode(v, eo);
  toon::decode_options o;
  o.indent_size = eo.indent_size;
  toon::result<toon::value> back = toon::decode(text, o);
  toon::result<std::string> streamed = toon::toon_to_json(text, o);
  if (toon_oracle::nesting_depth(v) > o.max_depth) {
    if (back || back.error().code != toon::error_code::depth_limit)
      toon_fuzz::fail("a value deeper than max_depth did not fail with depth_limit", text);
    if (streamed) toon_fuzz::fail("toon_to_json accepts a value deeper than max_depth", text);
    return;
  }
  if (!back) toon_fuzz::fail("encoded document does not decode", back.error().to_string() + "\n" + text);
  if (!(*back == expected))
    toon_fuzz::fail("JSON -> TOON -> value differs", text + "\n--- expected\n" + toon_fuzz::json_of(expected) +
                                                         "\n--- decoded\n" + toon_fuzz::json_of(*back));
  const std::string json = toon::to_json(*back);
  if (json != toon::to_json(expected)) toon_fuzz::fail("JSON -> TOON -> JSON differs", json + "\n" + toon::to_json(expected));
  if (!streamed) toon_fuzz::fail("toon_to_json rejects an encoded document", streamed.error().to_string() + "\n" + text);
  if (*streamed != json) toon_fuzz::fail("toon_to_json differs from to_json(decode)", *streamed + "\n" + json);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();
  const std::uint64_t h = toon_fuzz::input_hash(text);

  toon::result<toon::value> v = toon::from_json(text);
  if (!v) {
    if (v.error().code == toon::error_code::ok) toon_fuzz::fail("from_json error with code ok");
    (void)toon::format_error(v.error(), text, "input.json");
    const toon::result<std::string> direct = toon::json_to_toon(text);
    if (direct) toon_fuzz::fail("json_to_toon accepts what from_json rejects", *direct);
    const toon::error& a = v.error();
    const toon::error& b = direct.error();
    if (a.code != b.code || a.message != b.message || a.line != b.line || a.column != b.column)
      toon_fuzz::fail("json_to_toon fails differently from from_json", a.to_string() + "\n" + b.to_string());
    const toon::result<toon::value> w = toon::from_json(text, toon::json_read_options{.replace_lone_surrogates = true});
    if (w) {
      const std::string json = toon::to_json(*w);
      const toon::result<toon::value> back = toon::from_json(json);
      if (!back || !(*back == *w)) toon_fuzz::fail("a lone-surrogate read does not round-trip through JSON", json);
    }
    return 0;
  }
  {
    const toon::result<toon::value> w = toon::from_json(text, toon::json_read_options{.replace_lone_surrogates = true});
    if (!w || !(*w == *v)) toon_fuzz::fail("replace_lone_surrogates changes a valid document");
  }
  for (const toon::encode_options& eo : {toon::encode_options{}, toon_fuzz::encode_options_from(h)}) {
    const toon::result<std::string> direct = toon::json_to_toon(text, eo);
    if (!direct) toon_fuzz::fail("json_to_toon rejects what from_json accepts", direct.error().to_string());
    const std::string through_value = toon::encode(*v, eo);
    if (*direct != through_value) toon_fuzz::fail("json_to_toon differs from encode(from_json)", *direct + "\n--- encode\n" + through_value);
  }
  for (int indent : {0, 2}) {
    const std::string json = toon::to_json(*v, {indent});
    toon::result<toon::value> back = toon::from_json(json);
    if (!back) toon_fuzz::fail("to_json output is not JSON", back.error().to_string() + "\n" + json);
    if (!(*back == *v)) toon_fuzz::fail("from_json(to_json(v)) differs", json);
    if (toon::to_json(*back, {indent}) != json) toon_fuzz::fail("to_json is not a fixed point", json);
  }
  const toon::value expected = toon_oracle::expected_round_trip(*v);
  through_toon(*v, expected, {});
  through_toon(*v, expected, toon_fuzz::encode_options_from(h));
  return 0;
}
