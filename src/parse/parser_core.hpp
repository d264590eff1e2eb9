// parser_core, the TOON structural parser (see push_parser.hpp), as a class template on its
// handler and sink types: push_parser.cpp instantiates it for any event_handler (virtual
// calls), json_decode.cpp for the JSON writer (calls bound at compile time). Two translation
// units, so that each instantiation is optimised (inlined) on its own.
//
// Lines are cut from the fed bytes (in place when a chunk holds the whole line, else through one
// buffer for the unfinished tail), measured (indentation, CR, trailing spaces, comments, blank
// lines, the strict checks of §12), and each non-blank line is offered to the innermost open
// scope: it is that scope's next field, item, row or entry, or it closes the scope and goes to
// the one outside. Checks that need a scope's end (declared counts) are made when the scope
// closes or at finish().
#pragma once

#include "push_parser.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "../json/json_writer.hpp"
#include "../common/utf8.hpp"
#include "toon/detail/fast_token.hpp"
#include "toon/detail/text_sink.hpp"
#include "toon/detail/typed_decoder.hpp"
#include "header_parser.hpp"
#include "token.hpp"

namespace toon::detail {

// The last line feed of [p, p + n), or null: memrchr where the C library has it (glibc; a GNU
// extension that MinGW, MSVC and macOS lack), else a backward scan.
inline const void* last_newline(const char* p, std::size_t n) noexcept {
#if defined(__GLIBC__)
  return memrchr(p, '\n', n);
#else
  for (std::size_t i = n; i > 0; --i)
    if (p[i - 1] == '\n') return p + i - 1;
  return nullptr;
#endif
}

namespace {


bool is_list_item(std::string_view c) noexcept { return c == "-" || (c.size() >= 2 && c[0] == '-' && c[1] == ' '); }

// The colon of a `key: ...` line whose unquoted key has no '[' (so the line is no header),
// found in one pass; npos when the line needs the full classification.
std::size_t plain_key_colon(std::string_view c) noexcept {
  const std::size_t i = find_any3(c, 0, ':', '[', '"');
  return i < c.size() && c[i] == ':' ? i : npos;
}

// The colon of a `"key": ...` line whose quoted key has no backslash and is followed (after
// spaces) by the colon, with `key` its content: such a line is no header (a header's '[' follows
// the closing quote) and split_key() would give the same key. npos when the line needs the full
// classification.
std::size_t plain_quoted_key_colon(std::string_view c, std::string_view& key) noexcept {
  if (c.size() < 3 || c[0] != '"') return npos;
  const std::size_t q = find_any2(c, 1, '"', '\\');
  if (q >= c.size() || c[q] != '"') return npos;
  std::size_t colon = q + 1;
  while (colon < c.size() && c[colon] == ' ') ++colon;
  if (colon >= c.size() || c[colon] != ':') return npos;
  key = c.substr(1, q - 1);
  return colon;
}

// A line that has an unquoted colon (quoted or unquoted key).
bool is_key_value(std::string_view c) noexcept { return find_unquoted(c, ':') != npos; }

}  // namespace

// A place in the input that outlives its line: absolute offset and the line holding it.
// (Outside the unnamed namespace: parser_core's members have this type.)
struct position {
  std::size_t offset = 0;
  std::uint32_t line = 0;
  std::size_t line_start = 0;
};

// The parser, on a handler and a text sink of the given types: event_handler and text_sink for
// push_parser (any handler, virtual calls), json_event_writer for toon_to_json (a final class:
// its calls are bound at compile time and its small ones inlined).
template <class Handler, class Sink>
class parser_core {
 public:
  parser_core(Handler& handler, const decode_options& options, Sink* sink)
      : h_(handler), sink_(sink), opt_(options), strict_(options.strict), repairs_(options.repairs),
        indent_size_(options.indent_size > 0 ? static_cast<std::uint32_t>(options.indent_size) : 2),
        pow2_(std::has_single_bit(indent_size_)), shift_(std::countr_zero(indent_size_)) {}

  // ---- input ----------------------------------------------------------------------------------
  void feed(std::string_view chunk) {
    const char* p = chunk.data();
    const std::size_t n = chunk.size();
    std::size_t i = 0;
    if (strict_) {
      // UTF-8 of the lines that lie wholly in this chunk, checked in one call; a line reports
      // its first bad byte only when it is parsed, so errors come in line order whatever the
      // chunking (sequences never span a line break).
      std::size_t from = 0;
      if (!partial_.empty()) {
        const void* first = std::memchr(p, '\n', n);
        from = first ? static_cast<std::size_t>(static_cast<const char*>(first) - p) + 1 : n;
      }
      const void* last = from < n ? last_newline(p + from, n - from) : nullptr;
      if (last) {
        const std::size_t to = static_cast<std::size_t>(static_cast<const char*>(last) - p);
        const std::size_t bad = find_invalid_utf8(std::string_view(p + from, to - from));
        bad_utf8_ = bad == npos ? npos : fed_ + from + bad;
        checked_from_ = fed_ + from;
        checked_to_ = fed_ + to;
      }
    }
    if constexpr (std::is_final_v<Sink>) {
      // A whole document (set_stable_input) fed at once: the lines the sink reads may end at its
      // end without a line feed (its last line, checked for UTF-8 here in strict mode).
      if (sink_ && n != 0 && !stable_.empty() && p + n == stable_.data() + stable_.size() && fed_ == 0) {
        const void* last = last_newline(p, n);
        const std::size_t tail = last ? static_cast<std::size_t>(static_cast<const char*>(last) - p) + 1 : 0;
        if (!strict_ || find_invalid_utf8(std::string_view(p + tail, n - tail)) == npos) doc_end_ = p + n;
      }
    }
    // Line breaks 64 bytes at a time: `bits` holds those of p[at, at + 64) not yet used.
    std::size_t at = 0;
    std::uint64_t bits = newline_bits(p, n, 0);
    while (i < n) {
      while (!bits && at + 64 < n) {
        at += 64;
        bits = newline_bits(p, n, at);
      }
      if (!bits) {
        if (partial_.empty()) partial_base_ = fed_ + i;
        check_line_size(partial_.size() + (n - i), partial_base_);
        partial_.append(p + i, n - i);
        break;
      }
      const std::size_t e = at + static_cast<std::size_t>(std::countr_zero(bits));
      bits &= bits - 1;
      if (partial_.empty()) {
        check_line_size(e - i, fed_ + i);
        readable_end_ = p + n;
        raw_line(p + i, e - i, fed_ + i);
        if constexpr (std::is_final_v<Sink>) {
          if (top_ && (top_->fields || top_->items)) {
            const std::size_t next = top_->fields ? offer_lines(p, e + 1, n) : offer_items(p, e + 1, n);
            if (next != e + 1) {
              // Go on at `next` (just after a line feed): the line breaks of its 64-byte block.
              i = next;
              at = next & ~std::size_t{63};
              bits = newline_bits(p, n, at) & (~std::uint64_t{0} << (next - at));
              continue;
            }
          }
        }
      } else {
        check_line_size(partial_.size() + (e - i), partial_base_);
        partial_.append(p + i, e - i);
        readable_end_ = partial_.data() + partial_.size();
        raw_line(partial_.data(), partial_.size(), partial_base_);
        partial_.clear();
      }
      i = e + 1;
    }
    fed_ += n;
  }

  void finish() {
    if (!partial_.empty()) {
      // The last line stays in partial_ while the scopes close (views into it stay valid).
      readable_end_ = partial_.data() + partial_.size();
      raw_line(partial_.data(), partial_.size(), partial_base_);
    }
    if (!root_started_) {
      if (++nesting_ > opt_.max_depth)  // the empty document's object
        throw parse_failure{error_code::depth_limit, "nesting exceeds the depth limit", 0, 1, 0, {}};
      check(h_.start_object(0, bom_));
      check(h_.end_object());
      return;
    }
    if (deferred_) {
      // A single non-key line is the root primitive.
      deferred_ = false;
      set_line(deferred_text_.data(), deferred_text_.size(), deferred_at_);
      const std::string_view c = std::string_view(deferred_text_).substr(deferred_skip_);
      emit_primitive(c, c.data());
    }
    while (used_ > 0) close_top();
  }

  void set_stable_input(std::string_view whole) noexcept { stable_ = whole; }

  bool locate(std::size_t offset, std::uint32_t& line, std::size_t& line_start, std::string& text) const {
    if (line_no_ != 0 && offset >= cur_.line_start) {
      line = cur_.line;
      line_start = cur_.line_start;
      text.assign(cur_text_);
      return true;
    }
    for (std::size_t k = used_; k-- > 0;) {
      const frame& f = *frames_[k];
      if (offset >= f.at.line_start && f.at.line != 0) {
        line = f.at.line;
        line_start = f.at.line_start;
        text.assign(f.line_text);
        return true;
      }
    }
    return false;
  }

 private:
  // ---- errors and positions -------------------------------------------------------------------
  std::size_t off(const char* p) const noexcept { return cur_base_ + static_cast<std::size_t>(p - cur_ptr_); }
  position here(const char* p) const noexcept { return {off(p), cur_.line, cur_.line_start}; }

  // Failures are cold: kept out of line so that the line loop stays small.
  [[noreturn, gnu::cold, gnu::noinline]] void fail(error_code code, std::string message, const char* at) {
    throw parse_failure{code, std::move(message), off(at), cur_.line, cur_.line_start, std::string(cur_text_)};
  }
  [[noreturn, gnu::cold, gnu::noinline]] void fail(error_code code, const char* message, const char* at) {
    fail(code, std::string(message), at);
  }
  [[noreturn, gnu::cold, gnu::noinline]] void fail(const scan_error& e, const char* base) {
    fail(e.code, e.message, base + e.offset);
  }
  [[noreturn, gnu::cold, gnu::noinline]] void fail_at(error_code code, std::string message, const position& at,
                                                      std::string_view text) {
    throw parse_failure{code, std::move(message), at.offset, at.line, at.line_start, std::string(text)};
  }

  void check_line_size(std::size_t size, std::size_t base) {
    if (size > opt_.max_line_size) [[unlikely]]
      line_too_long(base);
  }
  [[noreturn, gnu::cold, gnu::noinline]] void line_too_long(std::size_t base) {
    throw parse_failure{error_code::size_limit,
                        "line longer than the line size limit (" + std::to_string(opt_.max_line_size) + " bytes)",
                        base, line_no_ + 1, base, std::string()};
  }

  // ---- lines ----------------------------------------------------------------------------------
  // One physical line (LF excluded) starting at absolute offset `base`. Inline in feed()'s
  // loop: the common line (spaces, then a field of the open object) goes from the line cut to
  // the handler without a call of the parser's own.
  [[gnu::always_inline]] inline void raw_line(const char* p, std::size_t n, std::size_t base) {
    ++line_no_;
    std::size_t b = 0;
    if (line_no_ == 1 && n >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
      b = 3;  // a leading byte order mark is not part of the document
      bom_ = 3;
    }
    cur_ptr_ = p;
    cur_base_ = base;
    cur_.line = line_no_;
    cur_.line_start = base + b;
    cur_text_ = std::string_view(p + b, n - b);
    if (strict_) {
      if (base >= checked_from_ && base + n <= checked_to_) {  // checked with its chunk
        if (bad_utf8_ != npos && bad_utf8_ < base + n && bad_utf8_ >= base)
          fail(error_code::invalid_utf8, "ill-formed UTF-8", p + (bad_utf8_ - base));
      } else {
        const std::size_t bad = find_invalid_utf8(cur_text_);
        if (bad != npos) fail(error_code::invalid_utf8, "ill-formed UTF-8", p + b + bad);
      }
    }
    std::size_t end = n;
    if (end > b && p[end - 1] == '\r') --end;  // CR of a CRLF terminator
    // Leading indentation: spaces, and tabs (strict: error; non-strict: one level each).
    // Spaces are counted with one 16-byte comparison and a bit scan when 16 bytes are
    // readable (the byte after the line is its LF or CR, never a space), else 8 at a time.
    std::size_t i = b;
    bool more = true;  // the spaces may go on past i
#if defined(__SSE2__)
    if (readable_end_ - (p + b) >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + b));
      const unsigned sp = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' '))));
      const std::size_t run = static_cast<std::size_t>(std::countr_zero(~sp));  // at most 16
      i = std::min(end, b + run);
      more = run == 16;
    }
#endif
    if (more) {
      while (std::endian::native == std::endian::little && i + 8 <= end) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        w ^= 0x2020202020202020ull;
        if (w) {
          i += static_cast<std::size_t>(std::countr_zero(w)) / 8;
          break;
        }
        i += 8;
      }
      while (i < end && p[i] == ' ') ++i;
    }
    std::uint32_t spaces = static_cast<std::uint32_t>(i - b);
    bool tab = false;
    if (i < end && p[i] == '\t') [[unlikely]] {
      while (i < end && (p[i] == ' ' || p[i] == '\t')) {
        if (p[i] == '\t') {
          tab = true;
          spaces += indent_size_;
        } else {
          ++spaces;
        }
        ++i;
      }
    }
    // Trailing spaces are not content (spec 4.4 strips them before a line is classified).
    while (end > i && p[end - 1] == ' ') --end;
    const bool blank = i == end;
    if (!blank && !tab && p[i] == '#') return;  // comment line (§5.1)
    // Strict mode: a tab in the leading whitespace is an error even on an otherwise empty line
    // (spec 4.4: a tab-only line is not blank); non-strict mode reads it as blank.
    if (tab && strict_) {
      if (!repairs_) fail(error_code::invalid_indentation, "tabs are not allowed in indentation", p + b);
      if (!tab_repaired_) {  // once: a document-wide habit
        tab_repaired_ = true;
        record(repair_kind::tab_indentation, here(p + b), {},
               blank ? "a blank line holds a tab; read as blank (and a tab in indentation as one level)"
                     : "tab in indentation; read as one level per tab");
      }
    }
    if (blank) {
      if (!blank_pending_) {
        blank_pending_ = true;
        blank_at_ = here(p + i);
        blank_text_.assign(cur_text_);
      }
      return;
    }
    if (first_indent_ == 0 && spaces != 0 && !tab) [[unlikely]]
      first_indented_line(spaces, p + b);
    if (strict_ && (pow2_ ? spaces & (indent_size_ - 1) : spaces % indent_size_) != 0)
      fail(error_code::invalid_indentation, indent_hint("indentation is not a multiple of the indent size"), p + b);
    const std::uint32_t depth = pow2_ ? spaces >> shift_ : spaces / indent_size_;
    const std::string_view c(p + i, end - i);
    if (blank_pending_) {
      blank_pending_ = false;
      // Strict mode: a blank line inside an array span is an error (§12) when the line after it
      // still belongs to the span.
      if (strict_ && !spans_.empty() && depth > spans_.back()) {
        if (!repairs_) fail_at(error_code::blank_line_in_array, "blank line inside an array", blank_at_, blank_text_);
        record(repair_kind::blank_line, blank_at_, {}, "blank line inside an array; ignored");
      }
    }
    // The common line: the next field of the open object, `key: value` with an unquoted key
    // (content_line() would come to the same field_line() call).
    if (used_ != 0 && top_->k == kind::object) {
      if (top_->known && depth == top_->depth) {
        if (const std::size_t colon = key_colon(c); colon != npos) {
          parse_key_value(c, depth, trim_spaces(std::string_view(c.data(), colon)), colon);
          return;
        }
        std::string_view qkey;
        if (const std::size_t colon = plain_quoted_key_colon(c, qkey); colon != npos) {
          parse_key_value(c, depth, qkey, colon);
          return;
        }
      } else if (!sink_reads_fields() &&
                 (!top_->known || (depth < top_->depth && frames_[used_ - 2]->k == kind::object))) {
        return object_line(c, depth);
      }
    }
    content_line(c, depth);
  }

  // A line at depth d where the top scope is an object whose lines the sink does not read
  // (field_line() offers them to it) and that does not hold fields at depth d. It is settled
  // as content_line() would before it places the line: the first line of a `key:` object one
  // level under its key line sets the object's depth (set_depth()); a shallower line closes the
  // objects deeper than it, down to one that the sink reads or to a scope of another kind
  // (close_top()). Then a common line of the object it now stands in as in raw_line(), any
  // other through content_line(). (Not for a list item's object: content_line() closes it
  // and its list reads the next item.)
  [[gnu::noinline]] void object_line(std::string_view c, std::uint32_t d) {
    frame& f = *top_;
    if (!f.known) {
      if (d == f.parent + 1) {
        f.depth = d;
        f.known = true;
      }
    } else if (d < f.depth) {
      do close_top();
      while (top_->k == kind::object && top_->known && d < top_->depth && !sink_reads_fields());
    }
    if (top_->k == kind::object && top_->known && d == top_->depth) {
      if (const std::size_t colon = key_colon(c); colon != npos) {
        parse_key_value(c, d, trim_spaces(std::string_view(c.data(), colon)), colon);
        return;
      }
      std::string_view qkey;
      if (const std::size_t colon = plain_quoted_key_colon(c, qkey); colon != npos) {
        parse_key_value(c, d, qkey, colon);
        return;
      }
    }
    content_line(c, d);
  }

  // Whether the sink may read the top object's lines (field_line(), field_lines()).
  [[gnu::always_inline]] bool sink_reads_fields() const noexcept {
    if constexpr (std::is_final_v<Sink>) return top_->fields;
    else return false;
  }

  // Points the position helpers at a line kept elsewhere (the deferred root line).
  void set_line(const char* p, std::size_t n, const position& at) {
    cur_ptr_ = p;
    cur_base_ = at.offset;
    cur_.line = at.line;
    cur_.line_start = at.line_start;
    cur_text_ = std::string_view(p, n);
    readable_end_ = p + n;
  }

  // plain_key_colon() for a piece of the current line: with SSE2, the first 16 bytes in one
  // comparison when they are readable (the fed chunk or the line buffer goes on that far).
  [[gnu::always_inline]] inline std::size_t key_colon(std::string_view c) const noexcept {
#if defined(__SSE2__)
    if (c.data() >= cur_ptr_ && readable_end_ - c.data() >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data()));
      const __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(':')),
                                       _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('[')),
                                                    _mm_cmpeq_epi8(v, _mm_set1_epi8('"'))));
      unsigned m = static_cast<unsigned>(_mm_movemask_epi8(hit));
      if (c.size() < 16) m &= (1u << c.size()) - 1;
      if (m) {
        const std::size_t i = static_cast<std::size_t>(std::countr_zero(m));
        return c[i] == ':' ? i : npos;
      }
      if (c.size() <= 16) return npos;
      const std::size_t i = find_any3(c, 16, ':', '[', '"');
      return i < c.size() && c[i] == ':' ? i : npos;
    }
#endif
    return plain_key_colon(c);
  }

  // The first indented line of the document stands at depth 1: its indentation is the
  // document's indent size. Repair mode reads a consistent other size with it (reported);
  // strict mode keeps it for the hint of indentation errors.
  [[gnu::cold, gnu::noinline]] void first_indented_line(std::uint32_t spaces, const char* at) {
    first_indent_ = spaces;
    if (!repairs_ || !strict_ || spaces == indent_size_) return;
    record(repair_kind::indent_size, here(at), {},
           "indented by " + std::to_string(spaces) + " spaces per level, indent_size is " +
               std::to_string(indent_size_) + "; read with " + std::to_string(spaces));
    indent_size_ = spaces;
    pow2_ = std::has_single_bit(indent_size_);
    shift_ = std::countr_zero(indent_size_);
  }
  // An indentation error's message, with a hint when the document looks indented by another size.
  std::string indent_hint(std::string message) const {
    if (first_indent_ != 0 && first_indent_ != indent_size_)
      message += " (the document looks indented by " + std::to_string(first_indent_) +
                 " spaces per level; indent_size is " + std::to_string(indent_size_) + ")";
    return message;
  }

  // Records a repair at `at` (repair mode only).
  [[gnu::cold, gnu::noinline]] void record(repair_kind k, const position& at, std::string path, std::string message) {
    repair r;
    r.kind = k;
    r.line = at.line;
    r.column = static_cast<std::uint32_t>(at.offset >= at.line_start ? at.offset - at.line_start + 1 : 1);
    r.path = std::move(path);
    r.message = std::move(message);
    repairs_->push_back(std::move(r));
  }

  // ---- events ---------------------------------------------------------------------------------
  static void check(bool ok) {
    if (!ok) throw handler_abort{};
  }
  void enter(const char* at) {
    if (++nesting_ > opt_.max_depth) fail(error_code::depth_limit, "nesting exceeds the depth limit", at);
  }
  void leave() { --nesting_; }
  // The depth check of a row read whole (text_row(), table_row()): its object, and the objects
  // of its nested field groups down to the deepest, as emit_row() enters them (the same error
  // at the same place: every enter() of a row is at its line's start).
  [[gnu::always_inline]] void enter_row(const header& h, const char* at) {
    if (h.leaf_count == h.fields.size()) [[likely]] {
      enter(at);
      leave();
    } else {
      enter_nested_row(h, at);
    }
  }
  [[gnu::noinline]] void enter_nested_row(const header& h, const char* at) {
    // Group depth of each field: the groups whose subtree holds it (pre-order).
    std::uint32_t levels = 1;
    std::uint32_t ends[64];
    std::uint32_t open = 0;
    for (std::uint32_t i = 0; i < h.fields.size(); ++i) {
      while (open != 0 && ends[open - 1] <= i) --open;
      if (h.fields[i].is_group && open < 64) {
        ends[open++] = h.fields[i].subtree_end;
        levels = std::max(levels, open + 1);
      }
    }
    if (nesting_ + levels > opt_.max_depth) fail(error_code::depth_limit, "nesting exceeds the depth limit", at);
  }

  // A primitive token to the sink (unquoted) or classified (§4) to the handler. Inline: a
  // token whose first byte can start neither a number, a literal nor a quoted string is a
  // plain string without looking further.
  [[gnu::always_inline]] inline void emit_primitive(std::string_view token, const char* at) {
    if (text_to() && (token.empty() || token[0] != '"')) {  // unquoted: the sink parses it as it needs
      check(sink_->text_value(token, off(at)));
      return;
    }
    if (!token.empty() && plain_string_start(token[0])) {
      check(h_.string_value(token, off(at)));
      return;
    }
    // A quoted token without a backslash whose only other quote is its last byte: its content
    // (what parse_primitive() gives for it); any other quoted token is classified there, with
    // its errors.
    if (!token.empty() && token[0] == '"' && plain_quoted(token)) {
      check(h_.string_value(std::string_view(token.data() + 1, token.size() - 2), off(at)));
      return;
    }
    if (emit_common(token, at)) return;
    emit_classified(token, at);
  }
  // Whether the token (t[0] == '"') is a quote, then bytes other than '"' and '\\', then a
  // closing quote as its last byte (the row readers' quoted cell, ending at the token's end).
  [[gnu::always_inline]] static inline bool plain_quoted(std::string_view t) noexcept {
    const char* e = t.data() + t.size();
    return fast::quoted_cell(t.data(), e, t.data(), '\n') == e;
  }
  // The literals and the integers of up to 18 digits without a sign or leading zero, as
  // parse_primitive() reads them; false for any other token.
  [[gnu::always_inline]] inline bool emit_common(std::string_view token, const char* at) {
    const std::size_t n = token.size();
    if (n == 4 || n == 5) {
      std::uint32_t w;
      std::memcpy(&w, token.data(), 4);
      std::uint32_t null_w, true_w, fals_w;
      std::memcpy(&null_w, "null", 4);
      std::memcpy(&true_w, "true", 4);
      std::memcpy(&fals_w, "fals", 4);
      if (n == 4 && w == null_w) return check(h_.null_value(off(at))), true;
      if (n == 4 && w == true_w) return check(h_.bool_value(true, off(at))), true;
      if (n == 5 && w == fals_w && token[4] == 'e') return check(h_.bool_value(false, off(at))), true;
    }
    if (n == 0 || n > 18 || token[0] < '1' || token[0] > '9') return false;
    std::uint64_t acc = 0;
    for (const char ch : token) {
      const unsigned digit = static_cast<unsigned char>(ch) - unsigned{'0'};
      if (digit > 9) return false;
      acc = acc * 10 + digit;
    }
    check(h_.int_value(static_cast<std::int64_t>(acc), off(at)));
    return true;
  }
  // A token that starts with a digit, when read_digits() decides it; false for any other.
  [[gnu::always_inline]] inline bool emit_digits(std::string_view token, const char* at) {
    std::int64_t i;
    double d;
    switch (read_digits(token, i, d)) {
      case digits_kind::string: check(h_.string_value(token, off(at))); return true;
      case digits_kind::integer: check(h_.int_value(i, off(at))); return true;
      case digits_kind::real: check(h_.double_value(d, off(at))); return true;
      case digits_kind::undecided: break;
    }
    return false;
  }
  // A token that is not a plain string from its first byte: quoted strings, numbers, literals.
  [[gnu::noinline]] void emit_classified(std::string_view token, const char* at) {
    if (!token.empty() && static_cast<unsigned char>(token[0]) - unsigned{'0'} <= 9 && emit_digits(token, at)) return;
    scalar& p = prim_;
    scan_error e;
    if (!parse_primitive(token, scratch_, p, e)) fail(e, token.data());
    const std::size_t o = off(at);
    switch (p.type) {
      case scalar::kind::null: check(h_.null_value(o)); break;
      case scalar::kind::boolean: check(h_.bool_value(p.b, o)); break;
      case scalar::kind::integer: check(h_.int_value(p.i, o)); break;
      case scalar::kind::uinteger: check(h_.uint_value(p.u, o)); break;
      case scalar::kind::real: check(h_.double_value(p.d, o)); break;
      case scalar::kind::big_integer: check(h_.big_integer_value(p.text, o)); break;
      case scalar::kind::string: check(h_.string_value(p.text, o)); break;
    }
  }

  // ---- duplicate keys (strict) ----------------------------------------------------------------
  struct key_frame {
    std::size_t begin;
    std::size_t owned_begin;
    std::unique_ptr<std::unordered_set<std::string_view>> set;
    std::uint64_t filter = 0;  // the bits key_bits(k) of every key k recorded (a bit unset: k is new)
  };

  // A key's two bits in key_frame::filter (a Bloom filter), from a hash of its length and
  // first, second and last bytes: keys of one object usually differ there, so a new key is
  // told new without comparing it (a false "maybe" only costs the comparisons).
  [[gnu::always_inline]] static inline std::uint64_t key_bits(std::string_view k) noexcept {
    if (k.empty()) return 1;
    const std::uint64_t x = k.size() | std::uint64_t(static_cast<unsigned char>(k.front())) << 16 |
                            std::uint64_t(static_cast<unsigned char>(k[k.size() > 1 ? 1 : 0])) << 24 |
                            std::uint64_t(static_cast<unsigned char>(k.back())) << 32;
    const std::uint64_t h = x * 0x9E3779B97F4A7C15u;
    return std::uint64_t(1) << (h >> 58) | std::uint64_t(1) << ((h >> 52) & 63u);
  }

  void begin_keys() {
    if (strict_) key_frames_.push_back(key_frame{nkeys_, key_bytes_.size(), nullptr, 0});
  }
  void end_keys() {
    if (!strict_) return;
    nkeys_ = key_frames_.back().begin;
    key_bytes_.resize(key_frames_.back().owned_begin);
    key_frames_.pop_back();
  }
  // A copy of `k` in key_bytes_, kept until its object closes. When the buffer grows, the
  // views of keys_ into it (and the sets made of them) are moved along.
  std::string_view own_key(std::string_view k) {
    if (key_bytes_.size() + k.size() > key_bytes_.capacity()) {
      const std::uintptr_t old = reinterpret_cast<std::uintptr_t>(key_bytes_.data());
      const std::size_t old_size = key_bytes_.size();
      key_bytes_.reserve(std::max<std::size_t>(2 * key_bytes_.capacity(), old_size + k.size()));
      const std::uintptr_t now = reinterpret_cast<std::uintptr_t>(key_bytes_.data());
      if (now != old) {
        for (std::string_view& v : keys_) {
          const std::uintptr_t at = reinterpret_cast<std::uintptr_t>(v.data());
          if (!v.empty() && at >= old && at < old + old_size) v = {key_bytes_.data() + (at - old), v.size()};
        }
        for (std::size_t j = 0; j < key_frames_.size(); ++j) {
          if (!key_frames_[j].set) continue;
          const std::size_t end = j + 1 < key_frames_.size() ? key_frames_[j + 1].begin : nkeys_;
          key_frames_[j].set->clear();
          key_frames_[j].set->insert(keys_.begin() + static_cast<std::ptrdiff_t>(key_frames_[j].begin),
                                     keys_.begin() + static_cast<std::ptrdiff_t>(end));
        }
      }
    }
    const std::size_t at = key_bytes_.size();
    key_bytes_.append(k);
    return {key_bytes_.data() + at, k.size()};
  }

  // Records `k` in the current object; strict mode rejects a repeated key.
  // The common case (a key of the whole document, told new by the filter, in a small object)
  // inline; the others in add_key_slow().
  [[gnu::always_inline]] inline void add_key(std::string_view k, const char* at) {
    if (!strict_) return;
    if constexpr (std::is_final_v<Sink>) {
      if (top_->fields && sink_ && sink_->field_seen(k)) duplicate(k, at);  // a key the sink took
    }
    // Views into a whole document stay valid; other keys are copied for the object's life.
    const bool stable = k.data() >= stable_.data() && k.data() + k.size() <= stable_.data() + stable_.size();
    key_frame& f = key_frames_.back();
    if (stable && !f.set && nkeys_ - f.begin < 32) {
      const std::uint64_t bits = key_bits(k);
      if ((f.filter & bits) != bits) {
        f.filter |= bits;
        push_key(k);
        return;
      }
    }
    add_key_slow(k, at, stable);
  }
  [[gnu::noinline]] void add_key_slow(std::string_view k, const char* at, bool stable) {
    if (!stable && !k.empty()) k = own_key(k);
    key_frame& f = key_frames_.back();
    const std::uint64_t bits = key_bits(k);
    const bool maybe_seen = (f.filter & bits) == bits;
    f.filter |= bits;
    if (f.set) {
      if (!f.set->insert(k).second) duplicate(k, at);
    } else {
      if (maybe_seen)
        for (std::size_t i = f.begin; i < nkeys_; ++i)
          if (keys_[i] == k) duplicate(k, at);
      if (nkeys_ - f.begin >= 32) {
        f.set = std::make_unique<std::unordered_set<std::string_view>>(
            keys_.begin() + static_cast<std::ptrdiff_t>(f.begin), keys_.begin() + static_cast<std::ptrdiff_t>(nkeys_));
        f.set->insert(k);
      }
    }
    push_key(k);
  }
  // keys_[0, nkeys_) are the keys of the open objects; the vector is only grown.
  [[gnu::always_inline]] inline void push_key(std::string_view k) {
    if (nkeys_ == keys_.size()) [[unlikely]]
      grow_keys();
    keys_[nkeys_++] = k;
  }
  [[gnu::noinline]] void grow_keys() { keys_.resize(std::max<std::size_t>(16, 2 * keys_.size())); }
  [[noreturn, gnu::cold, gnu::noinline]] void duplicate(std::string_view k, const char* at) {
    fail(error_code::duplicate_key, "duplicate key \"" + std::string(k) + "\"", at);
  }

  [[gnu::always_inline]] inline void emit_key(std::string_view k, const char* at) {
    add_key(k, at);
    check(h_.key(k, off(at)));
  }

  // Strict mode: field names repeated within one brace group (§9.3).
  // `h` is the header the last headers_.parse() gave: a header its memo repeats (the same
  // names) is checked once.
  void check_field_names(const header& h, const char* at) {
    if (!strict_ || h.names_checked) return;
    check_group(h, 0, static_cast<std::uint32_t>(h.fields.size()), at);
    headers_.names_checked();
  }
  // Groups nest at most 64 deep (header_parser.cpp), which bounds the recursion. A group of
  // more than a few names is checked through a hash set: a header of 10^5 fields must not take
  // 10^10 comparisons.
  void check_group(const header& h, std::uint32_t b, std::uint32_t e, const char* at) {
    constexpr std::uint32_t pairwise_limit = 16;
    std::uint32_t names = 0;
    for (std::uint32_t i = b; i < e && names <= pairwise_limit; i = h.fields[i].subtree_end) ++names;
    // The same order of checks either way: the first name repeated later in its group, unless
    // a group before it holds a repeated name.
    std::unordered_map<std::string_view, std::uint32_t> count;
    if (names > pairwise_limit)
      for (std::uint32_t i = b; i < e; i = h.fields[i].subtree_end) ++count[h.fields[i].name];
    for (std::uint32_t i = b; i < e; i = h.fields[i].subtree_end) {
      if (names > pairwise_limit) {
        if (count[h.fields[i].name] > 1) duplicate_field(h.fields[i].name, at);
      } else {
        for (std::uint32_t j = h.fields[i].subtree_end; j < e; j = h.fields[j].subtree_end)
          if (h.fields[i].name == h.fields[j].name) duplicate_field(h.fields[i].name, at);
      }
      if (h.fields[i].is_group) check_group(h, i + 1, h.fields[i].subtree_end, at);
    }
  }
  [[noreturn, gnu::cold, gnu::noinline]] void duplicate_field(std::string_view name, const char* at) {
    fail(error_code::duplicate_key, "duplicate field name \"" + std::string(name) + "\"", at);
  }

  // ---- scopes ---------------------------------------------------------------------------------
  enum class kind : std::uint8_t { object, list, table, keyed };

  // One open scope. An object's fields stand at `depth` (unknown until its first line, for the
  // object of a `key:` line, whose line stands at `parent`); the items, rows or entries of an
  // array or keyed table stand at `depth` (unknown until the first one), below a header at
  // `parent`.
  struct frame {
    kind k = kind::object;
    bool known = false;    // depth is known
    bool rows = false;     // table rows go out as table_row() events
    bool lines = false;    // ... and are first offered whole to the sink (row_line)
    bool fields = false;   // objects: the sink may take key-value lines (field_lines)
    bool items = false;    // lists: the sink may take the items, once, after the header (list_items)
    bool root = false;     // the root object (no parent depth)
    std::uint32_t parent = 0;
    std::uint32_t depth = 0;
    std::uint64_t count = 0;
    position at;                 // the scope's first line (header or key line)
    std::string_view line_text;  // that line's content (tables: the header is parsed from it)
    std::string line_store;      // its copy when the input does not outlive the parse
    header h;               // tables and keyed tables; lists keep only length and length_text
    std::string length_text;
    std::uint64_t length = 0;
    position length_at;     // the N of the header (count mismatches point at it)
  };

  frame& push(kind k, std::uint32_t parent, const char* at) {
    if (frames_.size() == used_) frames_.push_back(std::make_unique<frame>());
    frame& f = *frames_[used_++];
    top_ = &f;
    f.k = k;
    f.known = false;
    f.rows = false;
    f.lines = false;
    f.fields = false;
    f.items = false;
    f.root = false;
    f.parent = parent;
    f.depth = 0;
    f.count = 0;
    f.at = here(at);
    // The line, for error messages once it is gone (a view when the input outlives the parse).
    if (cur_text_.data() >= stable_.data() && cur_text_.data() + cur_text_.size() <= stable_.data() + stable_.size()) {
      f.line_text = cur_text_;
    } else {
      f.line_store.assign(cur_text_);
      f.line_text = f.line_store;
    }
    if (k == kind::object || k == kind::keyed) begin_keys();
    return f;
  }

  // The depth of a scope's first content line: strict mode demands parent + 1.
  void set_depth(frame& f, std::uint32_t d, std::string_view c) {
    if (strict_ && d != f.parent + 1)
      fail(error_code::unexpected_indentation,
           indent_hint("indentation jumps from depth " + std::to_string(f.parent) + " to " + std::to_string(d)),
           c.data());
    f.depth = d;
    f.known = true;
    if (f.k != kind::object) spans_.push_back(spans_.empty() ? f.parent : std::min(spans_.back(), f.parent));
  }

  // A declared [N] that differs from the `found` items, rows or entries of the top frame: an
  // error located at the N with the array's path, or (repair mode) a repair.
  [[gnu::cold, gnu::noinline]] void count_mismatch(const char* one, const char* many, const frame& f,
                                                  std::uint64_t found) {
    std::string message =
        "the header says " + f.length_text + ", found " + std::to_string(found) + " " + (found == 1 ? one : many);
    bool hinted = false;
    if (found == 0 && f.k != kind::keyed && cur_.line != f.length_at.line) {
      // The line that ended the array, not indented under its header: rows or items written
      // at the header's own level.
      std::string_view c = cur_text_;
      while (!c.empty() && (c.front() == ' ' || c.front() == '\t')) c.remove_prefix(1);
      const bool item = f.k == kind::list && (c == "-" || c.substr(0, 2) == "- ");
      bool row = false;
      if (f.k == kind::table && !c.empty()) {
        const std::size_t first = find_first_unquoted_of(c, ':', f.h.delim);
        row = first != npos && c[first] == f.h.delim;
      }
      if (item || row) {
        message += std::string(" (the next line looks like ") + (item ? "an item" : "a row") +
                   " written at the header's level: " + many + " are indented one level under the header)";
        hinted = true;  // no safe guess: an error in repair mode too
      }
    }
    std::string path = path_of_frame(used_ - 1);
    if (!repairs_ || hinted) {
      throw parse_failure{error_code::length_mismatch, std::move(message), f.length_at.offset, f.length_at.line,
                          f.length_at.line_start, std::string(f.line_text), std::move(path)};
    }
    message += "; read as [" + std::to_string(found) + "]";
    record(repair_kind::length, f.length_at, std::move(path), std::move(message));
  }

  // The path of the value frame k stands for (cold: count mismatches): each frame's key is read
  // again from its first line; a frame inside a list is the list's current item.
  std::string path_of_frame(std::size_t k) const {
    std::string path;
    std::string scratch;
    for (std::size_t i = 0; i <= k; ++i) {
      const frame& f = *frames_[i];
      if (f.root) continue;
      if (i > 0 && frames_[i - 1]->k == kind::list) {
        typed_decoder::append_index_segment(path, static_cast<std::size_t>(frames_[i - 1]->count - 1));
        continue;
      }
      std::string_view c = f.line_text;
      while (!c.empty() && (c[0] == ' ' || c[0] == '\t')) c.remove_prefix(1);
      if (is_list_item(c)) {
        c.remove_prefix(1);
        while (!c.empty() && c[0] == ' ') c.remove_prefix(1);
      }
      while (!c.empty() && (c.back() == ' ' || c.back() == '\r')) c.remove_suffix(1);
      header h;
      scan_error e;
      const header_status st = parse_header(c, h, scratch, e);
      if (st == header_status::ok) {
        if (h.has_key) typed_decoder::append_key_segment(path, h.key);
        continue;
      }
      std::string_view key;
      if (!c.empty() && c[0] == '"') {
        std::size_t consumed = 0;
        if (!unquote(c, scratch, key, consumed, e)) continue;
      } else {
        const std::size_t colon = find_unquoted(c, ':');
        if (colon == npos) continue;
        key = trim_spaces(c.substr(0, colon));
      }
      typed_decoder::append_key_segment(path, key);
    }
    return path;
  }

  void close_top() {
    frame& f = *top_;
    if (f.known && f.k != kind::object) spans_.pop_back();
    switch (f.k) {
      case kind::object:
        end_keys();
        if (!f.root) leave();
        check(h_.end_object());
        break;
      case kind::list:
        if (strict_ && f.count != f.length) count_mismatch("list item", "list items", f, f.count);
        leave();
        check(h_.end_array());
        break;
      case kind::table:
        if (strict_ && f.count != f.length) count_mismatch("row", "rows", f, f.count);
        leave();
        check(h_.end_array());
        break;
      case kind::keyed:
        if (strict_ && f.count != f.length) count_mismatch("entry", "entries", f, f.count);
        end_keys();
        leave();
        check(h_.end_object());
        break;
    }
    --used_;
    top_ = used_ ? frames_[used_ - 1].get() : nullptr;
  }

  // ---- the line dispatcher --------------------------------------------------------------------
  void content_line(std::string_view c, std::uint32_t d) {
    if (!root_started_) return first_line(c, d);
    if (deferred_) {
      // A second line: the document is an object whose first line had no colon.
      deferred_ = false;
      // Parsed as the root object's first field, it fails (no colon) with its own position.
      const std::string line = std::move(deferred_text_);
      const std::string_view first = std::string_view(line).substr(deferred_skip_);
      set_line(line.data(), line.size(), deferred_at_);
      enter(first.data());
      check(h_.start_object(0, off(first.data())));
      frame& f = push(kind::object, 0, first.data());
      f.root = true;
      f.known = true;
      offer_fields(f);
      field_line(first, 0);
    }
    for (;;) {
      if (used_ == 0)
        fail(error_code::trailing_content, "content after the end of the root array or table", c.data());
      frame& f = *top_;
      switch (f.k) {
        case kind::object:
          if (!f.known) {
            if (d <= f.parent) break;
            set_depth(f, d, c);
          }
          if (d < f.depth) break;
          if (d > f.depth) fail(error_code::unexpected_indentation, indent_hint("line is indented deeper than its scope"), c.data());
          field_line(c, d);
          return;
        case kind::list:
          if (!f.known) {
            if (d <= f.parent) break;
            set_depth(f, d, c);
          }
          if (d <= f.parent) break;
          if (d != f.depth) fail(error_code::unexpected_indentation, indent_hint("line is indented deeper than its list item"), c.data());
          if (!is_list_item(c)) fail(error_code::unexpected_line, "expected a list item starting with '- '", c.data());
          ++f.count;
          list_item(c, d);
          return;
        case kind::table: {
          if (!f.known) {
            if (d <= f.parent) break;
            set_depth(f, d, c);
          }
          if (d <= f.parent) break;
          if (d != f.depth)
            fail(error_code::unexpected_indentation, indent_hint("line is indented deeper than the table's rows"),
                 c.data());
          // The sink reads the row from its line when it can (it declines anything unusual:
          // then the row is split below, with today's values and errors). A row past the
          // depth limit is left to the split, which reports it (or its width) as before.
          // Sinks bound at compile time only (the typed decoder's parser).
          if constexpr (std::is_final_v<Sink>) {
            if (f.lines && nesting_ < opt_.max_depth && sink_->row_line(c, f.h.delim)) {
              ++f.count;
              return;
            }
          }
          if (text_to() && f.rows && scan_.scan(c, f.h.delim)) {
            // One pass found the delimiters and colons outside strings (§9.3: a colon before
            // the first delimiter makes a key-value line).
            if (scan_.colon_first(c.size())) break;
            ++f.count;
            text_cells(f.h, c);
            return;
          }
          // §9.3 disambiguation: a colon before the first delimiter makes a key-value line.
          const std::size_t first = find_first_unquoted_of(c, ':', f.h.delim);
          if (first != npos && c[first] == ':') break;
          ++f.count;
          if (f.rows) emit_cells(f.h, c, c.data());
          else emit_row(f.h, c, c.data());
          return;
        }
        case kind::keyed: {
          if (!f.known) {
            if (d <= f.parent) break;
            set_depth(f, d, c);
          }
          if (d <= f.parent) break;
          if (d != f.depth)
            fail(error_code::unexpected_indentation, indent_hint("line is indented deeper than the table's entries"),
                 c.data());
          // Every line of the scope is an entry row 'key: values' (§9.5), in both modes. An
          // unquoted key before any '[' or '"', or a quoted one without a backslash followed
          // by its colon, is read in one pass (split_key() gives the same key and colon).
          std::string_view key;
          std::size_t colon = key_colon(c);
          if (colon != npos) {
            key = trim_spaces(c.substr(0, colon));
          } else if (colon = plain_quoted_key_colon(c, key); colon == npos) {
            if (find_unquoted(c, ':') == npos)
              fail(error_code::unexpected_line, "expected an entry row 'key: values'", c.data());
            const auto split = split_key(c);
            key = split.first;
            colon = split.second;
          }
          emit_key(key, c.data());
          const std::string_view cells = trim_spaces(c.substr(colon + 1));
          if (cells.empty()) width_error(f.h, cells, c.data());  // `key:` alone carries no cells
          ++f.count;
          if (f.rows) emit_cells(f.h, cells, c.data());
          else emit_row(f.h, cells, c.data());
          return;
        }
      }
      close_top();  // the line is not this scope's: it goes to the one outside
    }
  }

  // ---- document ---------------------------------------------------------------------------------
  void first_line(std::string_view c, std::uint32_t d) {
    root_started_ = true;
    // The root form is read from a depth-0 line (§5) and over-indented lines are errors in both
    // modes (spec 4.4), so an indented first line is rejected whatever its form.
    if (d != 0) fail(error_code::unexpected_indentation, "the first line of the document is indented", c.data());
    header& h = line_header_;
    scan_error e;
    const header_status st = headers_.parse(c, h, scratch_, e);
    if (st == header_status::malformed) fail(e, c.data());
    if (st == header_status::ok && !h.has_key) {
      open_container(h, 0, c.data());
      return;
    }
    if (c == "[]") {
      enter(c.data());
      check(h_.start_array(0, off(c.data())));
      check(h_.end_array());
      return;
    }
    if (st != header_status::ok && !is_key_value(c)) {
      // A root primitive if no other line follows; decided by the next line or finish().
      deferred_ = true;
      // The line is kept from its start (indentation too, so positions in it stay exact) to the
      // end of its content (no CR or trailing spaces).
      deferred_text_.assign(cur_text_.data(), static_cast<std::size_t>(c.data() + c.size() - cur_text_.data()));
      deferred_skip_ = static_cast<std::size_t>(c.data() - cur_text_.data());
      deferred_at_ = {cur_.line_start, cur_.line, cur_.line_start};
      return;
    }
    enter(c.data());
    check(h_.start_object(0, off(c.data())));
    frame& f = push(kind::object, 0, c.data());
    f.root = true;
    f.known = true;
    offer_fields(f);
    field_line(c, 0, &h, st, &e);
  }

  // ---- objects --------------------------------------------------------------------------------
  // One field line of an object whose fields stand at depth d. A caller that already parsed
  // the line as a header passes the result.
  void field_line(std::string_view c, std::uint32_t d, header* parsed = nullptr, header_status st = {},
                  const scan_error* pe = nullptr) {
    if (!parsed) {
      if (const std::size_t colon = key_colon(c); colon != npos) {
        // A line after closed scopes, or the first of an object: the sink may read it.
        if constexpr (std::is_final_v<Sink>) {
          if (top_->fields && sink_ && sink_->field_line(c.data(), c.data() + c.size())) return;
        }
        return parse_key_value(c, d, trim_spaces(c.substr(0, colon)), colon);
      }
      std::string_view qkey;
      if (const std::size_t colon = plain_quoted_key_colon(c, qkey); colon != npos)
        return parse_key_value(c, d, qkey, colon);
      header& h = line_header_;
      scan_error e;
      const header_status s = headers_.parse(c, h, scratch_, e);
      return parse_field(c, d, h, s, e);
    }
    parse_field(c, d, *parsed, st, *pe);
  }

  // One field line (already classified by parse_header).
  void parse_field(std::string_view c, std::uint32_t d, header& h, header_status st, const scan_error& e) {
    if (st == header_status::ok && h.has_key) {
      emit_key(h.key, c.data());
      open_container(h, d, c.data());
      return;
    }
    if (st == header_status::ok)  // keyless header in field position
      fail(error_code::invalid_header, "an array header without a key is only allowed at the root or after '- '",
           c.data());
    if (st == header_status::malformed) fail(e, c.data());
    auto [key, colon] = split_key(c);
    parse_key_value(c, d, key, colon);
  }

  // A key-value line at depth d: `key` is its (unescaped) key, `colon` the offset of its colon.
  // Inline (the common line's work); values other than a plain primitive in key_value_rest().
  [[gnu::always_inline]] inline void parse_key_value(std::string_view c, std::uint32_t d, std::string_view key,
                                                     std::size_t colon) {
    // The value, trimmed: usually one space after the colon and none at the end.
    const char* r = c.data() + colon + 1;
    const char* r_end = c.data() + c.size();
    while (r < r_end && *r == ' ') ++r;
    while (r_end > r && r_end[-1] == ' ') --r_end;
    const std::string_view rest(r, static_cast<std::size_t>(r_end - r));
    if constexpr (std::is_same_v<Handler, json_event_writer>) {
      // The JSON writer takes a key and its unquoted primitive value in one call.
      if (!rest.empty() && rest[0] != '"' && rest != "[]") {
        add_key(key, c.data());
        check(h_.key_text_value(key, rest, off(c.data())));
        return;
      }
      // A quoted value without escapes, closed by the line's last byte: copied as its JSON
      // string when nothing in it needs escaping there.
      if (rest.size() >= 2 && rest[0] == '"' && rest.back() == '"' &&
          std::memchr(rest.data() + 1, '\\', rest.size() - 2) == nullptr &&
          std::memchr(rest.data() + 1, '"', rest.size() - 2) == nullptr) {
        add_key(key, c.data());
        bool done;
        check(h_.key_quoted_value(key, rest, off(c.data()), done));
        if (done) return;
        check(h_.key(key, off(c.data())));
        emit_primitive(rest, rest.data());
        return;
      }
    }
    const bool plain = !rest.empty() && rest[0] != '"' && rest != "[]";
    if (text_to() && plain) {  // the sink takes key and token
      add_key(key, c.data());
      check(sink_->key_text(key, off(c.data()), rest, off(rest.data())));
      return;
    }
    if (plain) {
      emit_key(key, c.data());
      emit_primitive(rest, rest.data());
      return;
    }
    key_value_rest(c, d, key, rest);
  }
  // A key-value line whose value is empty (a nested object), `[]` or quoted.
  [[gnu::noinline]] void key_value_rest(std::string_view c, std::uint32_t d, std::string_view key,
                                        std::string_view rest) {
    emit_key(key, c.data());
    if (rest.empty()) {
      enter(c.data());
      check(h_.start_object(0, off(c.data())));
      offer_fields(push(kind::object, d, c.data()));  // its fields, if any, follow on deeper lines
    } else if (rest == "[]") {
      enter(rest.data());
      check(h_.start_array(0, off(rest.data())));
      leave();
      check(h_.end_array());
    } else {
      emit_primitive(rest, rest.data());
    }
  }

  // Splits a key-value or entry line at its key's colon (§7.4): a quoted key is unescaped
  // and may be followed only by spaces; an unquoted key is everything before the first
  // unquoted colon, trimmed.
  std::pair<std::string_view, std::size_t> split_key(std::string_view c) {
    if (!c.empty() && c[0] == '"') {
      std::string_view key;
      std::size_t consumed = 0;
      scan_error qe;
      if (!unquote(c, scratch_, key, consumed, qe)) fail(qe, c.data());
      std::size_t colon = consumed;
      while (colon < c.size() && c[colon] == ' ') ++colon;
      if (colon >= c.size() || c[colon] != ':') fail(error_code::missing_colon, "missing ':' after key", c.data() + colon);
      return {key, colon};
    }
    const std::size_t colon = find_unquoted(c, ':');
    if (colon == npos) [[unlikely]]
      missing_colon(c);
    return {trim_spaces(c.substr(0, colon)), colon};
  }

  // A line where a key belongs holds no ':'. A YAML-style list item (`- a` under a key, or at the
  // top) gets the TOON form as a hint.
  [[noreturn, gnu::cold, gnu::noinline]] void missing_colon(std::string_view c) {
    if (c == "-" || (c.size() >= 2 && c[0] == '-' && c[1] == ' '))
      fail(error_code::missing_colon,
           "expected 'key: value', found a list item: a TOON list needs a header, `key[N]:` (or `[N]:` at the top), "
           "with its `- ` items indented under it",
           c.data());
    fail(error_code::missing_colon, "expected 'key: value', found no ':'", c.data());
  }

  // ---- arrays and tables ----------------------------------------------------------------------
  // The value of a header standing at depth d (its line is the current one).
  void open_container(header& h, std::uint32_t d, const char* at) {
    if (!h.keyed && h.fields.empty() && !h.inline_values.empty()) return parse_inline(h, at);
    if (!h.keyed && h.fields.empty()) {
      enter(at);
      check(h_.start_array(static_cast<std::size_t>(h.length), off(at)));
      frame& f = push(kind::list, d, at);
      f.length = h.length;
      f.length_text.assign(h.length_text);
      f.length_at = here(h.length_text.data());
      if constexpr (std::is_final_v<Sink>) f.items = sink_ && sink_->takes_list_items();
      return;
    }
    check_field_names(h, at);
    enter(at);
    if (h.keyed) check(h_.start_object(static_cast<std::size_t>(h.length), off(at)));
    else check(h_.start_array(static_cast<std::size_t>(h.length), off(at)));
    frame& f = push(h.keyed ? kind::keyed : kind::table, d, at);
    f.length = h.length;
    f.length_text.assign(h.length_text);
    f.length_at = here(h.length_text.data());
    // The header's names must outlive the line: they are views into the input when it outlives
    // the parse, else the header is parsed again from the frame's copy of the line.
    if (f.line_text.data() == cur_text_.data()) {
      std::swap(f.h, h);
    } else {
      const std::size_t from = static_cast<std::size_t>(at - cur_text_.data());
      scan_error e;
      parse_header(f.line_text.substr(from), f.h, scratch_, e);
    }
    f.rows = begin_rows(f.h, at);
    if constexpr (std::is_final_v<Sink>) f.lines = f.rows && sink_ && sink_->takes_row_lines();
  }

  // An inline array's [N] that differs from its `found` values: as count_mismatch(). The array's
  // frame is not open: its path is that of the top frame and the header's key.
  [[gnu::cold, gnu::noinline]] void inline_count_mismatch(const header& h, std::uint64_t found) {
    std::string message =
        "the header says " + std::string(h.length_text) + ", found " + std::to_string(found) + (found == 1 ? " value" : " values");
    std::string path = used_ ? path_of_frame(used_ - 1) : std::string();
    if (used_ && top_->k == kind::list) typed_decoder::append_index_segment(path, static_cast<std::size_t>(top_->count - 1));
    if (h.has_key) typed_decoder::append_key_segment(path, h.key);
    const position at = here(h.length_text.data());
    if (!repairs_) {
      throw parse_failure{error_code::length_mismatch, std::move(message), at.offset, at.line, at.line_start,
                          std::string(cur_text_), std::move(path)};
    }
    message += "; read as [" + std::to_string(found) + "]";
    record(repair_kind::length, at, std::move(path), std::move(message));
  }

  // Inline values ending with a delimiter, one value more than [N] declares (`tags[3]: a,b,c,`):
  // a trailing delimiter, not an empty last value. An error naming it, or (repair mode) a repair;
  // returns the number of values to read.
  [[gnu::cold, gnu::noinline]] std::uint64_t trailing_delimiter(const header& h) {
    std::uint64_t n = 0;
    {
      cell_splitter sp(h.inline_values, h.delim);
      std::string_view cell;
      while (sp.next(cell)) ++n;
    }
    if (n != h.length + 1) return n;
    const std::string name = h.delim == '\t' ? std::string("tab") : "'" + std::string(1, h.delim) + "'";
    std::string path = used_ ? path_of_frame(used_ - 1) : std::string();
    if (used_ && top_->k == kind::list) typed_decoder::append_index_segment(path, static_cast<std::size_t>(top_->count - 1));
    if (h.has_key) typed_decoder::append_key_segment(path, h.key);
    const position at = here(h.inline_values.data() + h.inline_values.size() - 1);
    std::string message = "a trailing " + name + " after the last of the " + std::string(h.length_text) + " values";
    if (!repairs_) {
      throw parse_failure{error_code::length_mismatch, message + " (the header says " + std::string(h.length_text) +
                                                           "; remove the " + name + ")",
                          at.offset, at.line, at.line_start, std::string(cur_text_), std::move(path)};
    }
    record(repair_kind::trailing_delimiter, at, std::move(path), std::move(message) + "; dropped");
    return h.length;
  }

  void parse_inline(const header& h, const char* at) {
    enter(at);
    check(h_.start_array(static_cast<std::size_t>(h.length), off(at)));
    std::uint64_t limit = std::numeric_limits<std::uint64_t>::max();
    if (strict_ && h.inline_values.back() == h.delim) [[unlikely]]
      limit = trailing_delimiter(h);
    cell_splitter sp(h.inline_values, h.delim);
    std::string_view cell;
    std::uint64_t n = 0;
    while (n < limit && sp.next(cell)) {
      emit_primitive(cell, h.inline_values.data() + sp.cell_offset());
      ++n;
    }
    if (strict_ && n != h.length) inline_count_mismatch(h, n);
    leave();
    check(h_.end_array());
  }

  // One "- ..." line at depth `d`.
  void list_item(std::string_view c, std::uint32_t d) {
    if (trim_spaces(c) == "-") {  // bare marker: empty object
      enter(c.data());
      check(h_.start_object(0, off(c.data())));
      leave();
      check(h_.end_object());
      return;
    }
    std::string_view rest = c.substr(2);
    while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
    if (rest == "[]") {
      enter(rest.data());
      check(h_.start_array(0, off(rest.data())));
      leave();
      check(h_.end_array());
      return;
    }
    if (const std::size_t colon = key_colon(rest); colon != npos) {
      // The common case: the first field is a plain key-value line.
      open_item_object(rest, d);
      if constexpr (std::is_final_v<Sink>) {
        if (top_->fields && sink_ && sink_->field_line(rest.data(), rest.data() + rest.size())) return;
      }
      parse_key_value(rest, d + 1, trim_spaces(rest.substr(0, colon)), colon);
      return;
    }
    header& h = line_header_;
    scan_error e;
    const header_status st = headers_.parse(rest, h, scratch_, e);
    if (st == header_status::malformed) fail(e, rest.data());
    if (st == header_status::ok && !h.has_key) {
      if (h.keyed || !h.fields.empty())
        fail(error_code::invalid_header, "a header with a field list needs a key except at the root", rest.data());
      open_container(h, d, rest.data());
      return;
    }
    if (st == header_status::ok || is_key_value(rest)) {
      open_item_object(rest, d);
      parse_field(rest, d + 1, h, st, e);
      return;
    }
    emit_primitive(rest, rest.data());
  }

  // An object list item at depth d: its first field on the hyphen line, the others below at
  // depth d+1 (§10).
  void open_item_object(std::string_view rest, std::uint32_t d) {
    enter(rest.data());
    check(h_.start_object(0, off(rest.data())));
    frame& f = push(kind::object, d, rest.data());
    f.depth = d + 1;
    f.known = true;
    offer_fields(f);
  }

  // ---- key-value lines read by the sink (text_sink::field_lines) -----------------------------
  // Sinks bound at compile time may read an object's `key: value` lines straight from the text
  // (the typed decoder, for the fields of a struct). The parser offers them the lines after
  // each line it parsed while such an object is the innermost scope; the sink takes those it
  // reads exactly as the key_text() path would, and the parser goes on at the first other
  // line. Keys the sink took are not in the parser's key store: the strict duplicate check
  // asks the sink too (add_key).
  [[gnu::always_inline]] inline void offer_fields(frame& f) {
    if constexpr (std::is_final_v<Sink>) f.fields = sink_ && sink_->takes_field_lines();
    else (void)f;
  }
  // The lines from p[i] on (the start of a line of the chunk p[0, n)), while the innermost
  // scope is an object whose lines the sink reads; the index of the first line not taken.
  // Only complete lines of the chunk, never past a line with invalid UTF-8 (strict), and only
  // once the document's indentation is known (first_indented_line) unless at the root. An
  // object of a `key:` line whose depth is not known yet is offered lines at its parent's
  // depth + 1 (strict mode: the only depth its first line may have).
  [[gnu::always_inline]] inline std::size_t offer_lines(const char* p, std::size_t i, std::size_t n) {
    frame& f = *top_;
    if (blank_pending_ || (!f.known && !strict_)) return i;
    const std::uint32_t depth = f.known ? f.depth : f.parent + 1;
    if (depth != 0 && first_indent_ == 0) return i;
    const char* end = p + n;
    if (strict_ && bad_utf8_ != npos && bad_utf8_ >= fed_ && bad_utf8_ < fed_ + n) end = p + (bad_utf8_ - fed_);
    if (p + i >= end) return i;
    std::size_t lines = 0;
    // Nested objects' lines only once the document's indentation is known (first_indented_line).
    const field_run run{end,
                        static_cast<std::size_t>(depth) * indent_size_,
                        first_indent_ != 0 ? indent_size_ : 0,
                        opt_.max_line_size,
                        std::min<std::size_t>(opt_.max_depth - nesting_, max_field_run_room),
                        end == doc_end_};
    const char* q = sink_->field_lines(p + i, run, lines);
    if (lines == 0) return i;
    line_no_ += static_cast<std::uint32_t>(lines);
    if (!f.known) {
      f.depth = depth;
      f.known = true;
    }
    return static_cast<std::size_t>(q - p);
  }
  // The items of the list just opened (the top scope, its header the line before p[i]) offered
  // to the sink whole (text_sink::list_items): taken, the list is closed with its count as
  // declared (the sink took exactly that many items, and the line after them ends the list);
  // declined, the parser reads them. Once per list; at the items' depth its parent's + 1 (the
  // only one strict mode allows, and the one of lines indented by exactly that), once the
  // document's indentation is known or when the items' lines make it known (depth 1).
  [[gnu::noinline]] std::size_t offer_items(const char* p, std::size_t i, std::size_t n) {
    frame& f = *top_;
    f.items = false;
    if (!sink_ || blank_pending_ || f.count != 0) return i;
    const std::uint32_t depth = f.parent + 1;
    if (first_indent_ == 0 && depth != 1) return i;
    const char* end = p + n;
    if (strict_ && bad_utf8_ != npos && bad_utf8_ >= fed_ && bad_utf8_ < fed_ + n) end = p + (bad_utf8_ - fed_);
    if (p + i >= end || nesting_ >= opt_.max_depth) return i;
    const std::size_t spaces = static_cast<std::size_t>(depth) * indent_size_;
    const field_run run{end, spaces, indent_size_, opt_.max_line_size,
                        std::min<std::size_t>(opt_.max_depth - nesting_, max_field_run_room), end == doc_end_};
    std::size_t lines = 0;
    const char* q = sink_->list_items(p + i, run, static_cast<std::size_t>(f.length), lines);
    if (!q) return i;
    line_no_ += static_cast<std::uint32_t>(lines);
    if (first_indent_ == 0) first_indent_ = static_cast<std::uint32_t>(spaces);  // what the first item's line sets
    f.count = f.length;
    close_top();
    return static_cast<std::size_t>(q - p);
  }

  // Emits one row's object from `cells` per the header's field tree.
  void emit_row(const header& h, std::string_view cells, const char* line_start) {
    // The row's width first: a wrong width (an unquoted delimiter in a cell) is the real cause of
    // whatever its cells would do to the fields.
    if (cell_count(h, cells) != h.leaf_count) wrong_width(h, cells, line_start);
    cell_splitter sp(cells, h.delim);
    enter(line_start);
    check(h_.start_object(group_width(h, 0, static_cast<std::uint32_t>(h.fields.size())), off(line_start)));
    emit_group(h, 0, static_cast<std::uint32_t>(h.fields.size()), sp, cells, line_start);
    std::string_view extra;
    if (sp.next(extra)) width_error(h, cells, line_start);
    leave();
    check(h_.end_object());
  }

  // The number of fields directly in the group of fields [b, e): the member count of the
  // object a row makes of it (announced as start_object's size hint).
  static std::size_t group_width(const header& h, std::uint32_t b, std::uint32_t e) noexcept {
    std::size_t n = 0;
    for (std::uint32_t i = b; i < e; i = h.fields[i].subtree_end) ++n;
    return n;
  }

  void emit_group(const header& h, std::uint32_t b, std::uint32_t e, cell_splitter& sp, std::string_view cells,
                  const char* line_start) {
    for (std::uint32_t i = b; i < e; i = h.fields[i].subtree_end) {
      const header_field& f = h.fields[i];
      check(h_.key(f.name, off(line_start)));
      if (f.is_group) {
        enter(line_start);
        check(h_.start_object(group_width(h, i + 1, f.subtree_end), off(line_start)));
        emit_group(h, i + 1, f.subtree_end, sp, cells, line_start);
        leave();
        check(h_.end_object());
      } else {
        std::string_view cell;
        if (!sp.next(cell)) width_error(h, cells, line_start);
        emit_primitive(cell, cells.data() + sp.cell_offset());
      }
    }
  }

  // Row events (event_handler::receive_rows): whether the rows of a table with header `h` go
  // out as table_row() calls, announcing its columns when they do.
  bool begin_rows(const header& h, const char* at) {
    if (h.leaf_count != h.fields.size()) {
      // Nested groups (`content{"application/json"{schema{"$ref"}}}`): the JSON writer takes
      // such rows as text too, one cell per leaf (compact output; its choice).
      if constexpr (std::is_same_v<Handler, json_event_writer>) {
        if (text_to() && h_.receives_rows() && h.leaf_count != 0) return h_.begin_nested_table(h.fields.data(), h.fields.size());
      }
      return false;
    }
    if (!h_.receives_rows() || h.fields.empty()) return false;
    columns_.clear();
    for (const header_field& f : h.fields) columns_.push_back(f.name);
    check(h_.begin_table(columns_.data(), columns_.size(), off(at)));
    return true;
  }

  // One row as a table_row() event. A row with a bad cell or the wrong width goes through
  // emit_row() instead, so its events and error are exactly those of the per-cell path.
  void emit_cells(const header& h, std::string_view cells, const char* line_start) {
    const bool quotes = std::memchr(cells.data(), '"', cells.size()) != nullptr;
    if (text_to()) {
      bool ok;
      if (!quotes) {
        plain_row_splitter sp(cells, h.delim);
        ok = split_cells(h, sp, cells);
      } else {
        cell_splitter sp(cells, h.delim);
        ok = split_cells(h, sp, cells);
      }
      if (!ok) return emit_row(h, cells, line_start);
      enter_row(h, line_start);  // the row's objects count against the depth limit, as in emit_row()
      check(sink_->text_row(texts_.data(), h.leaf_count, off(line_start)));
      return;
    }
    if (!quotes) {
      plain_row_splitter sp(cells, h.delim);
      if (!read_cells(h, sp, cells)) return emit_row(h, cells, line_start);
    } else {
      cell_splitter sp(cells, h.delim);
      if (!read_cells(h, sp, cells)) return emit_row(h, cells, line_start);
    }
    enter(line_start);  // the row's object counts against the depth limit, as in emit_row()
    leave();
    check(h_.table_row(row_.data(), h.leaf_count, off(line_start)));
  }

  // A row scanned into scan_, to the text sink (a row of the wrong width or with a malformed
  // quoted cell through emit_row(), for its error).
  void text_cells(const header& h, std::string_view c) {
    const std::size_t n = h.leaf_count;
    if (texts_.size() < n) texts_.resize(n);
    const std::size_t size = c.size();
    const std::size_t base = off(c.data());
    std::size_t start = 0;
    std::size_t j = 0;
    auto cell = [&](std::size_t end) {
      std::size_t b = start, e = end;
      while (b < e && c[b] == ' ') ++b;
      while (e > b && c[e - 1] == ' ') --e;
      text_cell& out = texts_[j++];
      out.text = std::string_view(c.data() + b, e - b);
      out.offset = base + b;
      out.quoted = false;
      start = end + 1;
    };
    if (scan_.quote) row_owned_.clear();
    for (std::size_t w = 0; w * 64 < size; ++w) {
      std::uint64_t bits = scan_.delims[w];
      while (bits) {
        if (j + 1 >= n) return emit_row(h, c, c.data());  // more cells than fields
        cell(w * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
        bits &= bits - 1;
      }
    }
    if (j + 1 != n) return emit_row(h, c, c.data());  // fewer
    cell(size);
    if (scan_.quote) {
      // Quoted cells unescaped (no backslash here, but parse_primitive checks the token).
      for (std::size_t k = 0; k < n; ++k) {
        text_cell& t = texts_[k];
        if (!t.text.empty() && t.text[0] == '"' && !unquote_cell(k, t.text, t)) return emit_row(h, c, c.data());
      }
      place_owned(texts_);
    }
    enter_row(h, c.data());  // the row's objects count against the depth limit, as in emit_row()
    check(sink_->text_row(texts_.data(), n, off(c.data())));
  }

  // Splits the row into texts_ (quoted cells unescaped, the others as written); false when a
  // cell is malformed or the width is wrong.
  template <class Splitter>
  bool split_cells(const header& h, Splitter& sp, std::string_view cells) {
    const std::size_t n = h.leaf_count;
    if (texts_.size() < n) texts_.resize(n);
    row_owned_.clear();
    std::string_view cell;
    for (std::size_t j = 0; j < n; ++j) {
      if (!sp.next(cell)) return false;
      text_cell& out = texts_[j];
      out.offset = off(cells.data() + sp.cell_offset());
      out.text = cell;
      out.quoted = false;
      if (!cell.empty() && cell[0] == '"' && !unquote_cell(j, cell, out)) return false;
    }
    if (sp.next(cell)) return false;
    place_owned(texts_);
    return true;
  }

  // A cell unescaped into the shared scratch is copied aside (row_text_) until its row is
  // read; place_owned() then points the cells at their copies.
  void keep_if_scratch(std::size_t j, std::string_view text) {
    if (text.data() != scratch_.data() || text.empty()) return;
    if (row_owned_.empty()) row_text_.clear();
    row_owned_.push_back({j, row_text_.size(), text.size()});
    row_text_.append(text);
  }
  template <class Cell>
  void place_owned(std::vector<Cell>& cells) {
    for (const owned_cell& o : row_owned_) cells[o.index].text = std::string_view(row_text_).substr(o.at, o.size);
  }
  // A quoted cell's content into `out` (cell j); false when the token is malformed.
  bool unquote_cell(std::size_t j, std::string_view token, text_cell& out) {
    scalar p;
    scan_error e;
    if (!parse_primitive(token, scratch_, p, e)) return false;
    out.text = p.text;
    out.quoted = true;
    keep_if_scratch(j, p.text);
    return true;
  }

  // Parses the row's cells into row_; false when a cell is malformed or the width is wrong.
  template <class Splitter>
  bool read_cells(const header& h, Splitter& sp, std::string_view cells) {
    const std::size_t n = h.leaf_count;
    if (row_.size() < n) row_.resize(n);
    row_owned_.clear();
    std::string_view cell;
    for (std::size_t j = 0; j < n; ++j) {
      scan_error e;
      scalar& out = row_[j];
      if (!sp.next(cell) || !parse_primitive(cell, scratch_, out, e)) return false;
      out.offset = off(cells.data() + sp.cell_offset());
      keep_if_scratch(j, out.text);
    }
    if (sp.next(cell)) return false;
    place_owned(row_);
    return true;
  }

  static std::size_t cell_count(const header& h, std::string_view cells) {
    // Without quotes every delimiter separates two cells: one vectorizable pass.
    if (!cells.empty() && std::memchr(cells.data(), '"', cells.size()) == nullptr)
      return static_cast<std::size_t>(std::count(cells.begin(), cells.end(), h.delim)) + 1;
    cell_splitter sp(cells, h.delim);
    std::string_view c;
    std::size_t n = 0;
    while (sp.next(c)) ++n;
    return n;
  }
  [[noreturn, gnu::cold, gnu::noinline]] void width_error(const header& h, std::string_view cells, const char* at) {
    const std::size_t n = cell_count(h, cells);
    fail(error_code::width_mismatch,
         "row has " + std::to_string(n) + (n == 1 ? " value" : " values") + ", the header declares " +
             std::to_string(h.leaf_count) + (h.leaf_count == 1 ? " field" : " fields"),
         at);
  }
  // A row of the wrong width: a malformed quoted cell (an unterminated quote swallows the
  // delimiters after it) is the cause to report, else the width.
  [[noreturn, gnu::cold, gnu::noinline]] void wrong_width(const header& h, std::string_view cells, const char* at) {
    cell_splitter sp(cells, h.delim);
    std::string_view c;
    std::string scratch;
    while (sp.next(c)) {
      scalar p{};
      scan_error e;
      if (!c.empty() && c[0] == '"' && !parse_primitive(c, scratch, p, e)) fail(e, c.data());
    }
    width_error(h, cells, at);
  }

  // ---- state ----------------------------------------------------------------------------------
  Handler& h_;
  Sink* const sink_;  // unquoted primitives as text (the typed decoder, the JSON writer), or null
  // A sink that only reads lines (declares `lines_only`: the document builder) takes no
  // primitive as text: they go to the handler as events.
  static constexpr bool lines_only_ = requires { Sink::lines_only; };
  /// The sink that takes primitives as text (text_value, key_text, text_row), or null.
  [[gnu::always_inline]] Sink* text_to() const noexcept {
    if constexpr (lines_only_) return nullptr;
    else return sink_;
  }
  const decode_options& opt_;
  const bool strict_;
  std::vector<repair>* const repairs_;  // repair mode: where repairs go (null: strict mode fails)
  std::uint32_t indent_size_;           // (repair mode reads a document's own size)
  bool pow2_;
  int shift_;
  std::uint32_t first_indent_ = 0;  // spaces of the first indented line (0: none yet)
  bool tab_repaired_ = false;

  // Input: bytes fed so far, the unfinished line, and the current line.
  std::size_t fed_ = 0;
  std::string partial_;
  std::size_t partial_base_ = 0;
  std::uint32_t line_no_ = 0;
  std::size_t bom_ = 0;
  const char* cur_ptr_ = nullptr;  // first byte of the current line
  const char* readable_end_ = nullptr;  // end of the bytes readable from there (chunk or buffer)
  std::size_t cur_base_ = 0;       // its absolute offset
  position cur_;                   // its number and content start
  std::string_view cur_text_;      // its text (after a BOM)
  std::string_view stable_;        // a whole document fed at once (set_stable_input)
  const char* doc_end_ = nullptr;  // its end, when the sink may read its last line (feed())
  std::size_t checked_from_ = 0;   // [checked_from_, checked_to_): UTF-8 checked in bulk (strict)
  std::size_t checked_to_ = 0;
  std::size_t bad_utf8_ = npos;    // its first ill-formed byte, if any

  // Blank lines: the first one since the last content line (strict span check).
  bool blank_pending_ = false;
  position blank_at_;
  std::string blank_text_;

  // The root.
  bool root_started_ = false;
  bool deferred_ = false;          // the first line may be a root primitive
  std::string deferred_text_;      // its line (after a BOM)
  std::size_t deferred_skip_ = 0;  // where its content starts in that line
  position deferred_at_;

  // Scopes: frames_[0, used_) are open (each frame in its own allocation: frames never move,
  // their strings are reused, and indexing is one load).
  std::vector<std::unique_ptr<frame>> frames_;
  frame* top_ = nullptr;  // frames_[used_ - 1]
  std::size_t used_ = 0;
  std::vector<std::uint32_t> spans_;  // header depths of the open arrays with content (minima)
  std::size_t nesting_ = 0;
  std::string scratch_;
  scalar prim_;  // the primitive being emitted (reused: parse_primitive sets what its kind uses)
  header_memo headers_;  // the last headers parsed, for lines that repeat them
  // The header of the line being read (field lines and list items): reused, so that its
  // field list does not allocate again for every table header (open_container swaps it with
  // the table frame's, whose capacity then serves the next header).
  header line_header_;
  std::vector<std::string_view> keys_;  // [0, nkeys_) used (see push_key)
  std::size_t nkeys_ = 0;
  std::vector<key_frame> key_frames_;
  std::string key_bytes_;  // copies of the open objects' keys when the input does not outlive them
  // Row events: the current table's column names, the cells of a row, unescaped cell text.
  struct owned_cell {
    std::size_t index, at, size;
  };
  std::vector<std::string_view> columns_;
  std::vector<scalar> row_;
  std::vector<text_cell> texts_;  // the cells of a row for the text sink
  row_scan scan_;                  // a quote-free row's delimiters (text sink)
  std::string row_text_;
  std::vector<owned_cell> row_owned_;

};

}  // namespace toon::detail
