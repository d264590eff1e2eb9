// toon/mcp/stream_interceptor.hpp - tool calls inside an LLM token stream: narrative text passed
// through at once, tool calls (JSON objects, ```json / ```toon fences, TOON `tool:` blocks,
// MCP-DSL requests, the call markers of chat templates) recognised while they are written and
// taken out of the text (docs/streaming.md, "Tool calls in a token stream").
//
//   toon::mcp::stream_interceptor in([&](toon::mcp::stream_piece&& p) { ... });
//   for (std::string_view delta : model_stream) in.feed(delta);
//   in.finish();
//
// One pass over the bytes, each byte looked at a bounded number of times: the cost is linear in
// the stream, whatever the chunking. The classification depends on the bytes only, never on
// where the chunks split them.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "toon/error.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

/// How a tool call was written.
enum class call_syntax : std::uint8_t {
  json_object,  ///< a bare JSON object: {"tool": "read_file", "arguments": {...}} and variants
  json_fence,   ///< a ```json fenced block holding such an object
  toon_fence,   ///< a ```toon fenced block: `tool: name` and the arguments as TOON fields
  toon_block,   ///< an unfenced TOON block starting with a `tool: name` line
  dsl_request,  ///< an MCP-DSL request starting a line: `> tools/call#3 {name: read_file, args: {...}}`
  dsl_fence,    ///< a ```mcp-dsl (or ```dsl) fenced block holding one such request
  tool_call_tag,      ///< Hermes / Qwen: `<tool_call>{"name": ..., "arguments": {...}}</tool_call>`
  tool_calls_marker,  ///< Mistral: `[TOOL_CALLS]` and a JSON array of {name, arguments}
  python_tag,         ///< Llama 3: `<|python_tag|>{"name": ..., "parameters": {...}}` up to
                      ///< `<|eom_id|>`, `<|eot_id|>` or the end of the stream
};

/// Short stable name of a syntax, e.g. "json_fence".
[[nodiscard]] std::string_view to_string(call_syntax syntax) noexcept;

/// What a piece of the stream is.
enum class piece_kind : std::uint8_t {
  narrative,     ///< text for the user, byte for byte as the model wrote it
  tool_call,     ///< a recognised call (stream_piece::call)
  invalid_call,  ///< a call of a known shape that cannot run (unknown tool, arguments not an
                 ///< object, TOON that does not decode): stream_piece::problem says why.
                 ///< Only with invalid_calls::report; else such text is narrative.
};

/// Short stable name of a piece kind, e.g. "tool_call".
[[nodiscard]] std::string_view to_string(piece_kind kind) noexcept;

/// What the interceptor does with the stream.
enum class intercept_mode : std::uint8_t {
  smart,         ///< calls are taken out of the narrative and delivered as tool_call pieces
  passthrough,   ///< no interception: every byte is narrative, released at once
  placeholders,  ///< as smart, and each call piece carries a short text to show in its place
};

/// What becomes of a call that has the shape of one but cannot run.
enum class invalid_calls : std::uint8_t {
  narrative,  ///< its text is narrative (as if it were not a call)
  report,     ///< an invalid_call piece with the reason
};

/// Which syntaxes are recognised (all by default).
struct call_syntaxes {
  bool json_object = true;  ///< {"tool": ..., "arguments": {...}} anywhere in the text
  bool json_fence = true;   ///< ```json (or ~~~json) blocks
  bool toon_fence = true;   ///< ```toon blocks
  bool toon_block = true;   ///< unfenced `tool: name` blocks starting a line
  bool dsl_request = true;  ///< unfenced MCP-DSL `> tools/call {...}` requests starting a line
  bool dsl_fence = true;    ///< ```mcp-dsl / ```dsl blocks holding a `> tools/call` request
  bool tool_call_tag = true;      ///< `<tool_call>...</tool_call>` anywhere in the text
  bool tool_calls_marker = true;  ///< `[TOOL_CALLS] [...]` anywhere in the text
  bool python_tag = true;         ///< `<|python_tag|>...` anywhere in the text
};

/// Options of stream_interceptor.
struct intercept_options {
  intercept_mode mode = intercept_mode::smart;
  call_syntaxes syntaxes{};
  /// The most bytes held back while the interceptor cannot tell whether they start a call.
  /// Text that might be a call is released as narrative once it grows past this (counted in
  /// bytes; at least 16 is used).
  std::size_t max_buffer_chars = 8192;
  /// The longest call: once the bytes held can only be a call (an explicit call form, or JSON
  /// whose keys are a call's: docs/streaming.md), they are held up to this many bytes, so that
  /// large arguments go into the call; a longer one is released as narrative. At least
  /// max_buffer_chars is used.
  std::size_t max_call_bytes = std::size_t{16} << 20;
  /// The tool names that count as calls; empty: any name. A call of another name is invalid
  /// ("unknown tool"), handled per `invalid`.
  std::vector<std::string> known_tools{};
  invalid_calls invalid = invalid_calls::narrative;
  /// The placeholder of intercept_mode::placeholders; "{name}" is replaced by the tool's name.
  std::string placeholder = "[running {name}\xE2\x80\xA6]";
  /// Record the clock times of each piece (stream_piece::timing); off, no clock is read.
  bool timings = false;
};

/// A recognised tool call.
struct intercepted_call {
  /// "call-1", "call-2", ... in stream order: the key of its result (toon::mcp::tool_runner).
  std::string id{};
  /// The tool's name.
  std::string name{};
  /// The arguments: always an object ({} when the call has none).
  value arguments = value(toon::object{});
  /// How it was written.
  call_syntax syntax = call_syntax::json_object;
};

/// Clock times of a piece (intercept_options::timings).
struct piece_timing {
  using clock = std::chrono::steady_clock;
  /// When the piece's first byte was fed.
  clock::time_point first_byte{};
  /// When its last byte was fed.
  clock::time_point last_byte{};
  /// When it was delivered.
  clock::time_point released{};
  /// Hold-back time of the first byte: released - first_byte.
  [[nodiscard]] clock::duration held() const noexcept { return released - first_byte; }
  /// Detection latency: released - last_byte (for a call: the time from its last byte to
  /// its recognition; an unfenced TOON block is recognised when the line after it starts).
  [[nodiscard]] clock::duration detection() const noexcept { return released - last_byte; }
};

/// One classified piece of the stream. Pieces come out in stream order and tile it: the
/// `text` of all pieces, concatenated, is the stream, byte for byte. Several calls written as
/// one (an array of calls, {"tool_calls": [...]}) come out as one piece per call, each with
/// its part of the source text (the first and last with the wrapper's bytes) and the same
/// decided_at.
struct stream_piece {
  piece_kind kind = piece_kind::narrative;
  /// Byte offset of the piece in the stream, and its length (text.size()).
  std::size_t offset = 0;
  /// The bytes of the stream: the narrative, or the call's source text.
  std::string text{};
  /// The call (tool_call pieces).
  std::optional<intercepted_call> call{};
  /// What to show instead of a call (intercept_mode::placeholders), else empty.
  std::string placeholder{};
  /// Why an invalid_call cannot run; for narrative that was held back as a possible call and
  /// turned out not to be one (a false alarm), why it is not one. Empty otherwise.
  std::string problem{};
  /// True for narrative that was held back as a possible call.
  bool false_alarm = false;
  /// Stream offset just past the byte whose arrival decided this piece (>= offset + length):
  /// how far the interceptor had to read to classify it.
  std::size_t decided_at = 0;
  /// Clock times (intercept_options::timings), else default.
  piece_timing timing{};
};

/// Counters of an interceptor's work.
struct intercept_stats {
  std::size_t bytes = 0;            ///< bytes fed
  std::size_t narrative_pieces = 0;
  std::size_t narrative_bytes = 0;
  std::size_t calls = 0;
  std::size_t invalid_calls = 0;
  std::size_t false_alarms = 0;     ///< held-back candidates released as narrative
  std::size_t max_held = 0;         ///< the most bytes held back at once
};

/// Classifies an LLM token stream into narrative and tool calls, incrementally.
///
/// feed() takes chunks of any size, split anywhere (words, JSON strings, escapes, UTF-8
/// sequences, TOON lines); finish() ends the stream. Each piece goes to the sink as soon as it
/// is decided: narrative that cannot start a call at the end of each feed() (a UTF-8 sequence
/// split by the chunk is completed by the next one first), a call when its last byte arrives
/// (an unfenced TOON block: when the line after it shows it has ended). Text that may start a
/// call is held back, never more than max_buffer_chars bytes (max_call_bytes once it can only
/// be a call), and released as narrative when it turns out not to be one.
///
/// Guarantees (docs/streaming.md): the pieces' texts concatenated equal the input; the same
/// bytes give the same pieces (merging adjacent narrative) whatever the chunking; a false alarm
/// comes out as narrative byte for byte. Not thread-safe; the sink is called from feed() and
/// finish().
class stream_interceptor {
 public:
  /// Receives each piece.
  using sink = std::function<void(stream_piece&&)>;

  /// An interceptor delivering pieces to `out`.
  explicit stream_interceptor(sink out, intercept_options options = {});
  ~stream_interceptor();
  stream_interceptor(stream_interceptor&&) noexcept;
  stream_interceptor& operator=(stream_interceptor&&) noexcept;

  /// Classifies the bytes of `chunk`, delivering every piece they decide.
  void feed(std::string_view chunk);
  /// Ends the stream: decides what is held back (an unterminated fence holding a call is a
  /// call) and delivers the rest. Further feed() calls start a new stream at offset 0.
  void finish();

  /// The bytes held back now (a possible call, or the start of a split UTF-8 sequence): the
  /// piece still being analysed.
  [[nodiscard]] std::string pending() const;
  /// Stream offset of pending()'s first byte.
  [[nodiscard]] std::size_t pending_offset() const noexcept;
  /// What the interceptor has done so far.
  [[nodiscard]] const intercept_stats& stats() const noexcept;
  /// The options.
  [[nodiscard]] const intercept_options& options() const noexcept;

 private:
  struct state;
  std::unique_ptr<state> state_;
};

/// Classifies a whole text (or the concatenation of a recorded stream) in one call: the pieces
/// in order, adjacent narrative merged.
[[nodiscard]] std::vector<stream_piece> intercept(std::string_view text, const intercept_options& options = {});

/// The name and arguments of a tool call written as `v`, or nullopt when `v` does not have the
/// shape of one; an error (code type_mismatch) when it has, but cannot be run (a name that
/// is not a string, arguments that are not an object). Shapes: an object with a name key
/// ("tool", "name", "tool_name", "action") and an arguments key ("arguments", "args",
/// "parameters", "params", "input", "action_input", "tool_input"; an object, or a string of
/// JSON holding one), and optionally "id", "type", "call_id"; {"function": {...}},
/// {"function_call": {...}} and {"tool_call": {...}} around one; with the key "tool", the other
/// fields are the arguments when they are not an arguments key ({"tool": "read_file", "path":
/// "a.txt"}). A tool's description is not a call: nullopt for an object with a "description",
/// "inputSchema" or "input_schema" key beside its name, or whose arguments are a JSON Schema
/// ({"type": "object", "properties": {...}}).
[[nodiscard]] std::optional<result<intercepted_call>> call_from_value(const value& v);

/// Every call written as `v`: call_from_value() of a single call, of each element of a
/// non-empty array whose elements all have a call's shape, or of each element of the array of
/// {"tool_calls": [...]} (OpenAI; "id", "type", "role" and "content" may stand beside it).
/// nullopt when `v` is none of these.
[[nodiscard]] std::optional<std::vector<result<intercepted_call>>> calls_from_value(const value& v);

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
