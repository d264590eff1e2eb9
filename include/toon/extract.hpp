// toon/extract.hpp - finding the document in an LLM reply, and decoding it (docs/llm-output.md).
//
//   toon::result<toon::extraction> x = toon::extract(reply);   // where the document is
//   toon::result<order> o = toon::decode_reply<order>(reply);  // extract, then decode
//
// A model asked for TOON answers with the document inside a ```toon (or ```json, or bare ```)
// fence, with a sentence before or after it, several fenced blocks, or JSON instead of TOON.
// extract() finds the document without copying it (the views point into the reply) and says
// which lines it left out; decode_reply() decodes what it found, with error lines counted in
// the reply.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "toon/decode.hpp"
#include "toon/error.hpp"
#include "toon/json.hpp"
#include "toon/options.hpp"
#include "toon/schema.hpp"
#include "toon/typed/decode.hpp"
#include "toon/typed/schema_of.hpp"
#include "toon/value.hpp"

namespace toon {

/// Which fenced blocks extract() returns when the reply holds more than one.
enum class block_choice : std::uint8_t {
  first,  ///< the first block holding a document (the others are reported as dropped)
  last,   ///< the last block holding a document (models often correct themselves)
  all,    ///< every block holding a document, in order
};

/// Options of extract().
struct extract_options {
  /// Which fenced block(s) to return.
  block_choice blocks = block_choice::first;
  /// When true, fenced blocks holding TOON are chosen before those holding JSON (a JSON echo of
  /// the input shown before the TOON answer); the JSON blocks passed over are reported as
  /// drop_reason::other_format. JSON blocks are still chosen when no block holds TOON.
  /// decode_reply() sets it when JSON is not accepted.
  bool prefer_toon = false;
};

/// What a found document is written in.
enum class payload_kind : std::uint8_t {
  toon,  ///< TOON text
  json,  ///< JSON text (an object or array): decode it with toon::from_json
};

/// Why extract() left lines out.
enum class drop_reason : std::uint8_t {
  prose,          ///< text before, between or after the document(s)
  fence,          ///< a fence line (```toon, ```)
  other_block,    ///< a fenced block not chosen by extract_options::blocks, or holding no document
  reasoning,      ///< a reasoning block: <think>...</think>, <reasoning>...</reasoning>, a harmony
                  ///< analysis channel (<|channel|>analysis ... <|channel|>final<|message|>)
  lead_in,        ///< a line introducing the document that reads like a key: `Sure:` before an
                  ///< unindented document, a Markdown label (`**Result:**`, `__Answer:__`, `## Result`)
  other_format,   ///< a JSON block passed over for a TOON block (extract_options::prefer_toon)
  placeholders,   ///< a block whose values are placeholders (`port: <int>`, `...`): the format shown
                  ///< before the answer, passed over for a block holding values (first and last)
};

/// Short stable name of a drop reason, e.g. "prose".
[[nodiscard]] std::string_view to_string(drop_reason reason) noexcept;

/// Lines of the reply left out by extract(): 1-based, `first` to `last` inclusive.
struct dropped_lines {
  std::uint32_t first = 0;
  std::uint32_t last = 0;
  drop_reason reason = drop_reason::prose;
  friend bool operator==(const dropped_lines&, const dropped_lines&) = default;
};

/// One document found in the reply.
struct extracted_document {
  /// The document's text: a view into the reply (line breaks as in the reply), or into
  /// `storage` when the fence was indented (dedent > 0).
  std::string_view text{};
  /// Spaces removed from the start of each line (at most this many): the indentation of a fence
  /// nested in a list item, which CommonMark removes from the block's content. 0 when `text` is
  /// a view into the reply.
  std::uint32_t dedent = 0;
  /// Holds the de-indented text when dedent > 0 (shared, so copies of the document stay valid).
  std::shared_ptr<const std::string> storage{};
  /// 1-based line of the reply where `text` starts (line 1 of the document is this line).
  std::uint32_t first_line = 1;
  /// TOON or JSON, judged from the first non-blank line (not from the fence's info string).
  payload_kind kind = payload_kind::toon;
  /// The fence's info string as written ("toon", "JSON", ...), empty when bare or unfenced.
  std::string_view fence_info{};
  /// True when the document was inside a fence.
  bool fenced = false;
};

/// What extract() found: the document(s), and the lines it left out, in reply order.
struct extraction {
  /// One document, or several with block_choice::all.
  std::vector<extracted_document> documents{};
  /// Every non-blank line of the reply that is not part of a document, grouped in ranges.
  std::vector<dropped_lines> dropped{};
};

/// Finds the document in an LLM reply. Lines break on LF (a CR before it is kept in the
/// text and ignored when judging lines).
///
/// - Reasoning first: a leading <think>...</think> (<thinking>, <reasoning>), a lone </think>
///   first on its line (everything before it), or harmony channels (the answer is the message of the last
///   <|channel|>final, up to <|return|>, <|end|> or <|call|>) are left out as reasoning.
/// - Fenced blocks (``` or ~~~, at most 3 spaces of indentation, or 3 more than the content of
///   the list item above; an unterminated fence runs to the end): a block marked toon or json
///   (any case), or whose first line that is neither blank nor a comment starts a document
///   (below), is a candidate; options.blocks chooses among them (options.prefer_toon: TOON
///   blocks before JSON ones; with first and last, blocks holding values before blocks of
///   placeholders such as `port: <int>` or `...`). An indented fence's indentation is removed from its content
///   (extracted_document::dedent). Other blocks (```python) are reported as other_block. When
///   no block is a candidate, the reply is read as unfenced.
/// - No fence: the document starts at the first unindented line that starts one: a key line
///   (a ':' outside quotes, `[...]` and `{...}` after a one-token key: `key: v`, `a : 1`,
///   `items[2]{id,name}:`, `"quoted key": v`, `[2]: a,b`; several words before the colon,
///   as in "Here is the data:", are prose), or `{` / `[` starting JSON. Lead-ins are not keys:
///   `Word:` alone on its line before an unindented JSON document, or a capitalised `Word:`
///   before an unindented TOON one, and Markdown labels (`**Result:**`, `__Answer:__`,
///   `## Result`). Comment lines just before it belong to it when nothing but comments and
///   blank lines precede it. A TOON document runs while lines are indented, blank, comments or
///   key lines (labels excepted), and rows or items written at the level of an array header
///   with nothing after its colon; the first other unindented line ends it (trailing prose). A
///   JSON document runs to the bracket closing its first one (strings and escapes respected);
///   the rest is trailing prose.
/// - A reply that is all document is returned whole (documents[0].text == reply), blank
///   lines around it included. A reply of one non-blank line that starts no document is
///   returned as it is (a TOON root primitive), unless it reads as a refusal.
/// - A key line of prose (`Note: prices are in EUR.`) after an unfenced document is taken
///   as a field: typed decoding reports it as an unknown field. Fences avoid the question.
///
/// Fails with error_code::refusal (at its line) when the reply holds no document and starts
/// like a refusal ("I'm sorry", "I can't", "Unfortunately, I ..."), and with
/// error_code::no_document (line 0) when no document is found otherwise, for a reply of only
/// blank and comment lines (valid TOON for an empty object, but no answer), and for one of
/// only reasoning.
[[nodiscard]] result<extraction> extract(std::string_view reply, const extract_options& options = {});

/// Options of decode_reply().
struct reply_options {
  /// Finding the document. block_choice::all is not accepted by decode_reply (it decodes one
  /// document): std::invalid_argument.
  extract_options extract{};
  /// Decoding a TOON document (strict by default), and the typed options.
  decode_options decode{};
  /// A JSON document (```json, or { ... } instead of TOON) is decoded through the JSON reader
  /// (toon::from_json, then toon::from_value<T>). When false, it fails with
  /// error_code::json_input, saying that the input is JSON.
  bool accept_json = false;
};

namespace detail {
/// The one document decode_reply() decodes, or the error (no_document, json_input).
[[nodiscard]] result<extracted_document> reply_document(std::string_view reply, const reply_options& options);
/// Moves an error's line (and those of error::more) from the document's lines to the reply's,
/// and its column right by `dedent` (the indentation removed from an indented fence's content).
void shift_error_lines(error& e, std::uint32_t first_line, std::uint32_t dedent = 0) noexcept;
/// Moves the lines of repairs[from, end) from the document's lines to the reply's (columns as above).
void shift_repair_lines(std::vector<repair>& repairs, std::size_t from, std::uint32_t first_line,
                        std::uint32_t dedent = 0) noexcept;
/// from_json() of a JSON document, with its error lines counted in the reply.
[[nodiscard]] result<value> decode_json_document(const extracted_document& doc);
}  // namespace detail

/// Extracts the document of an LLM reply (extract()) and decodes it into a toon::value.
/// Error lines (and error::source_line) are those of the reply, and so are those of the repairs
/// in repair mode (options.decode.repairs; toon/repair.hpp).
[[nodiscard]] result<value> decode_reply(std::string_view reply, const reply_options& options = {});

/// Extracts the document of an LLM reply (extract()) and decodes it into a T (toon::decode<T>,
/// or from_json then from_value<T> for an accepted JSON document). Error lines are those of
/// the reply; errors found in a JSON document's value carry a path but no line.
template <class T>
  requires(!std::is_same_v<std::remove_cv_t<T>, value>)
[[nodiscard]] result<T> decode_reply(std::string_view reply, const reply_options& options = {}) {
  result<extracted_document> doc = detail::reply_document(reply, options);
  if (!doc) return doc.error();
  if (doc->kind == payload_kind::json) {
    result<value> v = detail::decode_json_document(*doc);
    if (!v) return v.error();
    return toon::from_value<T>(*v, options.decode);
  }
  const std::size_t repairs_before = options.decode.repairs ? options.decode.repairs->size() : 0;
  result<T> r = toon::decode<T>(doc->text, options.decode);
  if (!r) {
    error e = r.error();
    detail::shift_error_lines(e, doc->first_line, doc->dedent);
    return e;
  }
  if (options.decode.repairs)
    detail::shift_repair_lines(*options.decode.repairs, repairs_before, doc->first_line, doc->dedent);
  return r;
}

/// Throwing convenience of decode_reply<T>(): throws toon::toon_error.
template <class T>
[[nodiscard]] T decode_reply_or_throw(std::string_view reply, const reply_options& options = {}) {
  return toon::decode_reply<T>(reply, options).value();
}

/// A short correction request to send back to the model whose reply failed to decode: each
/// error (`e` and, up to `max_errors` in all, those of error::more) as `line N: path: message`
/// with the offending line of the reply quoted under it, then the request to answer again with
/// only the corrected TOON document in a ```toon fence, and `expected_shape` (e.g. a TOON
/// header or a typed-param signature) when not empty. For error_code::json_input it asks for
/// TOON instead of JSON; for no_document, for the document itself; for refusal, it says that
/// the reply declined the task.
[[nodiscard]] std::string correction_request(const error& e, std::string_view reply,
                                             std::string_view expected_shape = {}, std::size_t max_errors = 3);

/// correction_request() with the shape of T: its typed-param signature
/// (toon::format_typed_params(toon::schema_of<T>())), e.g. `host:string! port:int!`.
template <class T>
[[nodiscard]] std::string correction_request(const error& e, std::string_view reply, std::size_t max_errors = 3) {
  return toon::correction_request(e, reply, toon::format_typed_params(toon::schema_of<T>()), max_errors);
}

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
