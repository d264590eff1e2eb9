// Finding the document in an LLM reply (toon/extract.hpp, docs/llm-output.md).
#include "toon/extract.hpp"
#include "toon/detail/linkage.hpp"

#include <cstddef>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "markdown.hpp"

namespace toon {

TOON_FUNC std::string_view to_string(drop_reason reason) noexcept {
  switch (reason) {
    case drop_reason::prose: return "prose";
    case drop_reason::fence: return "fence";
    case drop_reason::other_block: return "other_block";
  }
  return "unknown";
}

namespace detail {

TOON_FUNC bool is_blank(std::string_view s) noexcept {
  for (char c : s)
    if (c != ' ' && c != '\t' && c != '\r') return false;
  return true;
}

// Spec 4.4 reads a line as `key: ...` whenever it holds a ':' outside quotes, brackets and
// braces, which prose does too ("Here is the data:"). What tells them apart here: the part
// before that colon (the key with its `[...]` and `{...}` segments) is one token: blanks may
// surround it ("a : 1") but not separate words ("Here is the data"). Returns the offset just
// past the colon, or npos.
TOON_FUNC std::size_t key_colon(std::string_view s) noexcept {
  std::size_t i = 0;
  bool seen_token = false;  // a non-blank byte of the key part so far
  bool gap = false;         // blanks after a token
  while (i < s.size()) {
    char c = s[i];
    if (c == ':') return i + 1;
    if (c == ' ' || c == '\t') {
      if (seen_token) gap = true;
      ++i;
      continue;
    }
    if (gap) return std::string_view::npos;  // a second word: prose
    seen_token = true;
    if (c == '"') {
      ++i;
      while (i < s.size() && s[i] != '"') i += (s[i] == '\\') ? 2 : 1;
      if (i >= s.size()) return std::string_view::npos;
      ++i;
    } else if (c == '[' || c == '{') {
      // A bracket segment or a (nested) field group: anything up to the matching close,
      // quoted runs skipped.
      const char open = c;
      const char close = c == '[' ? ']' : '}';
      std::size_t depth = 0;
      for (; i < s.size(); ++i) {
        if (s[i] == '"') {
          ++i;
          while (i < s.size() && s[i] != '"') i += (s[i] == '\\') ? 2 : 1;
          if (i >= s.size()) return std::string_view::npos;
        } else if (s[i] == open) {
          ++depth;
        } else if (s[i] == close && --depth == 0) {
          break;
        }
      }
      if (i >= s.size()) return std::string_view::npos;
      ++i;
    } else {
      ++i;
    }
  }
  return std::string_view::npos;
}

TOON_FUNC bool is_key_line(std::string_view s) noexcept {
  if (s.empty() || s[0] == ' ' || s[0] == '\t') return false;
  if (s.size() >= 2 && s[0] == '-' && (s[1] == ' ' || s[1] == '\t')) return false;  // a list item
  return key_colon(s) != std::string_view::npos;
}

// ``` or ~~~ (3 or more) after at most 3 spaces.
TOON_FUNC std::optional<fence_line> parse_fence(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size() && i < 3 && s[i] == ' ') ++i;
  if (i >= s.size() || (s[i] != '`' && s[i] != '~')) return std::nullopt;
  fence_line f;
  f.mark = s[i];
  std::size_t start = i;
  while (i < s.size() && s[i] == f.mark) ++i;
  f.count = i - start;
  if (f.count < 3) return std::nullopt;
  std::string_view info = s.substr(i);
  while (!info.empty() && (info.front() == ' ' || info.front() == '\t')) info.remove_prefix(1);
  while (!info.empty() && (info.back() == ' ' || info.back() == '\t' || info.back() == '\r')) info.remove_suffix(1);
  if (f.mark == '`' && info.find('`') != std::string_view::npos) return std::nullopt;
  f.info = info;
  return f;
}

TOON_FUNC bool is_closing_fence(std::string_view s, const fence_line& open) noexcept {
  std::optional<fence_line> f = parse_fence(s);
  return f && f->mark == open.mark && f->count >= open.count && f->info.empty();
}

TOON_FUNC bool lower_is(std::string_view info, std::string_view word) noexcept {
  if (info.size() != word.size()) return false;
  for (std::size_t i = 0; i < info.size(); ++i) {
    char c = info[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != word[i]) return false;
  }
  return true;
}

}  // namespace detail

namespace {

// One line of the reply: [begin, end) without the LF; `text` also without a CR before it.
struct line_span {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;  // offset of the LF (or the reply's end)
};

using detail::fence_line;
using detail::is_blank;
using detail::is_closing_fence;
using detail::is_key_line;
using detail::lower_is;
using detail::parse_fence;

// What an unindented line starts, if anything. `{` / `[` start JSON unless a TOON header
// colon follows the brackets (`[2]: a,b`, `[2]{a,b}:`); a lone `[]` is the TOON empty root
// array (the same value as JSON's).
std::optional<payload_kind> starts_document(std::string_view s) noexcept {
  if (s.empty()) return std::nullopt;
  if (s[0] == '{' || s[0] == '[') {
    if (is_key_line(s)) return payload_kind::toon;
    std::string_view t = s;
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    if (t == "[]") return payload_kind::toon;
    return payload_kind::json;
  }
  if (s[0] == '#') return std::nullopt;  // a comment, or a markdown heading
  if (is_key_line(s)) return payload_kind::toon;
  return std::nullopt;
}

bool is_comment(std::string_view s) noexcept { return !s.empty() && s[0] == '#'; }

// Offset just past the bracket closing the one at `open`, or npos when it never closes.
std::size_t json_extent(std::string_view text, std::size_t open) noexcept {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') {
      if (depth == 0) return i + 1;  // unbalanced: stop here
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

class extractor {
 public:
  explicit extractor(std::string_view reply) : reply_(reply) {
    std::size_t pos = 0;
    while (pos < reply.size()) {
      std::size_t lf = reply.find('\n', pos);
      if (lf == std::string_view::npos) lf = reply.size();
      lines_.push_back({static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(lf)});
      pos = lf + 1;
    }
  }

  [[nodiscard]] std::size_t line_count() const noexcept { return lines_.size(); }
  // Line i (0-based) without LF and without a CR before it.
  [[nodiscard]] std::string_view line(std::size_t i) const noexcept {
    std::string_view s = reply_.substr(lines_[i].begin, lines_[i].end - lines_[i].begin);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    if (i == 0 && s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);  // a byte order mark
    return s;
  }
  [[nodiscard]] bool blank(std::size_t i) const noexcept { return is_blank(line(i)); }
  [[nodiscard]] std::size_t begin_of(std::size_t i) const noexcept {
    return i < lines_.size() ? lines_[i].begin : reply_.size();
  }
  // Offset just past line i's LF (or the reply's end).
  [[nodiscard]] std::size_t after(std::size_t i) const noexcept {
    return lines_[i].end < reply_.size() ? lines_[i].end + 1 : reply_.size();
  }
  [[nodiscard]] std::size_t line_of_offset(std::size_t offset) const noexcept {
    // Binary search over line starts.
    std::size_t lo = 0, hi = lines_.size();
    while (hi - lo > 1) {
      std::size_t mid = (lo + hi) / 2;
      if (lines_[mid].begin <= offset) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  // Reports lines [first, last) (0-based) as dropped when any is not blank, trimmed to the
  // non-blank ones.
  void drop(std::size_t first, std::size_t last, drop_reason reason) {
    while (first < last && blank(first)) ++first;
    while (last > first && blank(last - 1)) --last;
    if (first >= last) return;
    out_.dropped.push_back({static_cast<std::uint32_t>(first + 1), static_cast<std::uint32_t>(last), reason});
  }

  result<extraction> run(const extract_options& options) {
    bool any_fence = false;
    for (std::size_t i = 0; i < line_count(); ++i)
      if (parse_fence(line(i))) {
        any_fence = true;
        break;
      }
    if (any_fence) {
      if (auto r = fenced(options); r) return r;
      // Fences but no document inside one: look for it outside (e.g. a fenced shell command).
      out_ = {};
    }
    return unfenced(0, line_count());
  }

 private:
  struct block {
    std::size_t open = 0;     // fence line
    std::size_t close = 0;    // closing fence line, or line_count() when unterminated
    std::string_view info{};
    std::optional<payload_kind> kind{};
    std::size_t first_content = 0;  // first non-blank content line
  };

  // Returns an empty optional-like error result (code ok) when no block holds a document.
  std::optional<result<extraction>> fenced_impl(const extract_options& options) {
    std::vector<block> blocks;
    for (std::size_t i = 0; i < line_count(); ++i) {
      std::optional<fence_line> f = parse_fence(line(i));
      if (!f) continue;
      block b;
      b.open = i;
      b.info = f->info;
      std::size_t j = i + 1;
      while (j < line_count() && !is_closing_fence(line(j), *f)) ++j;
      b.close = j;
      std::size_t k = i + 1;
      while (k < j && (blank(k) || is_comment(line(k)))) ++k;
      b.first_content = k;
      if (k < j) {
        std::string_view first = line(k);
        std::size_t indent = 0;
        while (indent < first.size() && (first[indent] == ' ' || first[indent] == '\t')) ++indent;
        b.kind = starts_document(first.substr(indent));
        // A block that says it is TOON or JSON holds the document whatever its first line
        // (a root primitive, a key line starting with prose-like words).
        if (!b.kind && (lower_is(b.info, "toon") || lower_is(b.info, "json"))) b.kind = payload_kind::toon;
      }
      blocks.push_back(b);
      i = j;  // continue after the closing fence
    }
    std::vector<std::size_t> chosen;
    for (std::size_t b = 0; b < blocks.size(); ++b)
      if (blocks[b].kind) chosen.push_back(b);
    if (chosen.empty()) return std::nullopt;
    if (options.blocks == block_choice::first) chosen.erase(chosen.begin() + 1, chosen.end());
    else if (options.blocks == block_choice::last) chosen.erase(chosen.begin(), chosen.end() - 1);

    std::size_t next_line = 0;  // first line not yet accounted for
    std::size_t c = 0;
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      const block& bl = blocks[b];
      drop(next_line, bl.open, drop_reason::prose);
      std::size_t end = bl.close < line_count() ? bl.close + 1 : line_count();
      if (c < chosen.size() && chosen[c] == b) {
        ++c;
        drop(bl.open, bl.open + 1, drop_reason::fence);
        extracted_document d;
        std::size_t from = begin_of(bl.open + 1);
        std::size_t to = bl.close < line_count() ? begin_of(bl.close) : reply_.size();
        if (from > to) from = to;
        d.text = reply_.substr(from, to - from);
        d.first_line = static_cast<std::uint32_t>(bl.open + 2);
        d.kind = *bl.kind;
        d.fence_info = bl.info;
        d.fenced = true;
        out_.documents.push_back(d);
        if (bl.close < line_count()) drop(bl.close, bl.close + 1, drop_reason::fence);
      } else {
        drop(bl.open, end, drop_reason::other_block);
      }
      next_line = end;
    }
    drop(next_line, line_count(), drop_reason::prose);
    return result<extraction>(std::move(out_));
  }

  result<extraction> fenced(const extract_options& options) {
    std::optional<result<extraction>> r = fenced_impl(options);
    if (!r) return error{error_code::no_document, "no document in a fenced block"};
    return std::move(*r);
  }


  result<extraction> unfenced(std::size_t from, std::size_t to) {
    std::size_t start = to;
    std::optional<payload_kind> kind;
    for (std::size_t i = from; i < to; ++i) {
      kind = starts_document(line(i));
      if (kind) {
        start = i;
        break;
      }
    }
    if (!kind) {
      std::size_t non_blank = 0;
      bool comment = false;
      for (std::size_t i = from; i < to && non_blank < 2; ++i)
        if (!blank(i)) {
          ++non_blank;
          comment = is_comment(line(i));
        }
      if (non_blank == 1 && !comment) {  // one line: a TOON root primitive
        out_.documents.push_back({reply_, 1, payload_kind::toon, {}, false});
        return std::move(out_);
      }
      return error{error_code::no_document,
                   non_blank == 0 ? "the reply is empty"
                                  : "no TOON or JSON document found in the reply: no line starts with "
                                    "'key:', 'key[N]:', '[N]:', '{' or '['"};
    }
    // Leading lines: comments and blank lines only belong to the document; anything else is prose.
    bool only_comments = true;
    for (std::size_t i = from; i < start; ++i)
      if (!blank(i) && !is_comment(line(i))) only_comments = false;
    std::size_t doc_begin_line = start;
    if (only_comments) doc_begin_line = from;
    else drop(from, start, drop_reason::prose);

    std::size_t doc_end = 0;       // byte offset
    std::size_t trailing_from = to;  // first line after the document
    if (*kind == payload_kind::json) {
      std::size_t open = begin_of(start);
      std::size_t end = json_extent(reply_, open);
      if (end == std::string_view::npos) {
        doc_end = reply_.size();
        trailing_from = to;
      } else {
        std::size_t end_line = line_of_offset(end - 1);
        std::string_view rest = reply_.substr(end, lines_[end_line].end - end);
        if (is_blank(rest)) {
          doc_end = after(end_line);
          trailing_from = end_line + 1;
        } else {
          // Prose on the closing bracket's line: the document ends at the bracket, the line
          // is reported with the trailing prose.
          doc_end = end;
          trailing_from = end_line;
          trailing_partial_ = true;
        }
      }
    } else {
      std::size_t last = start;
      for (std::size_t i = start + 1; i < to; ++i) {
        std::string_view s = line(i);
        if (is_blank(s)) continue;
        if (s[0] == ' ' || s[0] == '\t' || is_comment(s) || is_key_line(s)) {
          last = i;
          continue;
        }
        break;
      }
      doc_end = after(last);
      trailing_from = last + 1;
    }
    bool trailing_prose = false;
    for (std::size_t i = trailing_from; i < to; ++i)
      if (!blank(i)) trailing_prose = true;
    if (trailing_partial_) trailing_prose = true;
    if (!trailing_prose) doc_end = reply_.size();
    std::size_t doc_begin = begin_of(doc_begin_line);
    if (doc_begin_line == from) doc_begin = begin_of(from);
    extracted_document d;
    d.text = reply_.substr(doc_begin, doc_end - doc_begin);
    d.first_line = static_cast<std::uint32_t>(doc_begin_line + 1);
    d.kind = *kind;
    out_.documents.push_back(d);
    if (trailing_prose) {
      if (trailing_partial_) {
        std::size_t last = to;
        while (last > trailing_from + 1 && blank(last - 1)) --last;
        out_.dropped.push_back({static_cast<std::uint32_t>(trailing_from + 1), static_cast<std::uint32_t>(last),
                                drop_reason::prose});
      } else {
        drop(trailing_from, to, drop_reason::prose);
      }
    }
    return std::move(out_);
  }

  std::string_view reply_;
  std::vector<line_span> lines_;
  extraction out_;
  bool trailing_partial_ = false;
};

}  // namespace

TOON_FUNC result<extraction> extract(std::string_view reply, const extract_options& options) {
  if (reply.size() >= std::numeric_limits<std::uint32_t>::max())
    return error{error_code::size_limit, "the reply is 4 GiB or larger"};
  extractor x(reply);
  return x.run(options);
}

namespace detail {

TOON_FUNC void shift_error_lines(error& e, std::uint32_t first_line) noexcept {
  if (e.line != 0) e.line += first_line - 1;
  for (error& m : e.more) shift_error_lines(m, first_line);
}

TOON_FUNC void shift_repair_lines(std::vector<repair>& repairs, std::size_t from, std::uint32_t first_line) noexcept {
  for (std::size_t i = from; i < repairs.size(); ++i)
    if (repairs[i].line != 0) repairs[i].line += first_line - 1;
}

TOON_FUNC result<extracted_document> reply_document(std::string_view reply, const reply_options& options) {
  if (options.extract.blocks == block_choice::all)
    throw std::invalid_argument("toon::decode_reply decodes one document: block_choice::all is not accepted");
  result<extraction> x = toon::extract(reply, options.extract);
  if (!x) return x.error();
  extracted_document doc = x->documents.front();
  if (doc.kind == payload_kind::json && !options.accept_json) {
    std::size_t skip = 0;
    std::uint32_t line = doc.first_line;
    while (skip < doc.text.size() && (doc.text[skip] == ' ' || doc.text[skip] == '\t' || doc.text[skip] == '\r' ||
                                      doc.text[skip] == '\n')) {
      if (doc.text[skip] == '\n') ++line;
      ++skip;
    }
    error e{error_code::json_input,
            "the input is JSON, not TOON (set reply_options::accept_json to decode it through the JSON reader)"};
    detail::set_location(e, doc.text, skip);
    e.line = line;
    return e;
  }
  return doc;
}

TOON_FUNC result<value> decode_json_document(const extracted_document& doc) {
  result<value> v = toon::from_json(doc.text);
  if (!v) {
    error e = v.error();
    shift_error_lines(e, doc.first_line);
    return e;
  }
  return v;
}

}  // namespace detail

TOON_FUNC result<value> decode_reply(std::string_view reply, const reply_options& options) {
  result<extracted_document> doc = detail::reply_document(reply, options);
  if (!doc) return doc.error();
  if (doc->kind == payload_kind::json) return detail::decode_json_document(*doc);
  const std::size_t repairs_before = options.decode.repairs ? options.decode.repairs->size() : 0;
  result<value> v = toon::decode(doc->text, options.decode);
  if (!v) {
    error e = v.error();
    detail::shift_error_lines(e, doc->first_line);
    return e;
  }
  if (options.decode.repairs) detail::shift_repair_lines(*options.decode.repairs, repairs_before, doc->first_line);
  return v;
}

}  // namespace toon
