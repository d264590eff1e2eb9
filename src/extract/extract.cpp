// Finding the document in an LLM reply (toon/extract.hpp, docs/llm-output.md).
#include "toon/extract.hpp"
#include "toon/detail/linkage.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>
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
    case drop_reason::reasoning: return "reasoning";
    case drop_reason::lead_in: return "lead_in";
    case drop_reason::other_format: return "other_format";
    case drop_reason::placeholders: return "placeholders";
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

// What a line starts (a plain enum rather than an optional: GCC 12 at -O3 warns about copying
// an optional's payload it cannot prove set).
enum class opens : std::uint8_t { none, toon, json };

// What an unindented line starts, if anything. `{` / `[` start JSON unless a TOON header
// colon follows the brackets (`[2]: a,b`, `[2]{a,b}:`); a lone `[]` is the TOON empty root
// array (the same value as JSON's).
opens starts_document(std::string_view s) noexcept {
  if (s.empty()) return opens::none;
  if (s[0] == '{' || s[0] == '[') {
    if (is_key_line(s)) return opens::toon;
    std::string_view t = s;
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    if (t == "[]") return opens::toon;
    return opens::json;
  }
  if (s[0] == '#') return opens::none;  // a comment, or a markdown heading
  if (is_key_line(s)) return opens::toon;
  return opens::none;
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

// Offset of the `**` or `__` closing the strong emphasis that opens `s`, or npos. With underscores
// the emphasised text must end with ':' (`__Answer:__`), so that `__proto__: x` stays a key.
std::size_t emphasis_close(std::string_view s) noexcept {
  if (s.size() < 5 || !((s[0] == '*' && s[1] == '*') || (s[0] == '_' && s[1] == '_'))) return std::string_view::npos;
  const std::size_t close = s.find(s.substr(0, 2), 3);
  if (close == std::string_view::npos || (s[0] == '_' && s[close - 1] != ':')) return std::string_view::npos;
  return close;
}

// A Markdown label line introducing what follows: `**Result:**`, `__Answer:__`, `**Result**:`,
// or a heading of two to six '#' (`## Result`). A TOON comment is a single '#'.
bool is_label(std::string_view s) noexcept {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  if (s.size() >= 3 && s[0] == '#' && s[1] == '#') {
    std::size_t i = 0;
    while (i < s.size() && s[i] == '#') ++i;
    return i <= 6 && i < s.size() && s[i] == ' ';
  }
  const std::size_t close = emphasis_close(s);
  if (close == std::string_view::npos) return false;
  std::string_view rest = s.substr(close + 2);
  if (!rest.empty() && rest[0] == ':') rest.remove_prefix(1);
  return rest.empty();
}

// A line opening with Markdown emphasis that closes on it (`**Note:** prices in EUR`): prose,
// though `**Note` reads as a key.
bool is_emphasis_line(std::string_view s) noexcept { return emphasis_close(s) != std::string_view::npos; }

// An unindented array header with nothing after its colon: `items[2]{id,name}:`, `tags[2]:`.
bool is_bare_header(std::string_view s) noexcept {
  if (!is_key_line(s)) return false;
  const std::size_t colon = detail::key_colon(s);
  return is_blank(s.substr(colon)) && s.substr(0, colon).find('[') != std::string_view::npos;
}

// A line that reads as a table row or a list item rather than prose: `- x`, or values separated
// by a delimiter (`1,Ada`, `a|b`) that does not end like a sentence.
bool looks_like_row_or_item(std::string_view s) noexcept {
  if (s == "-" || s.substr(0, 2) == "- ") return true;
  if (s.find_first_of(",|\t") == std::string_view::npos) return false;
  const char last = s.back();
  return last != '.' && last != '!' && last != '?' && last != ':';
}

// A placeholder where a value belongs: `<string>`, `<host name>`, `...`, `…` (quotes around it
// ignored). `<b>bold</b>` is a value.
bool is_placeholder(std::string_view v) noexcept {
  auto trim = [](std::string_view& t) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\r')) t.remove_suffix(1);
  };
  trim(v);
  if (v.size() >= 2 && v.front() == '"' && v.back() == '"') {
    v = v.substr(1, v.size() - 2);
    trim(v);
  }
  if (v == "..." || v == "\xE2\x80\xA6") return true;
  return v.size() >= 3 && v.front() == '<' && v.back() == '>' && v.find('<', 1) == std::string_view::npos &&
         v.find('>') == v.size() - 1;
}

// A line of a block showing the format rather than an answer: a value or cell of it is a
// placeholder (`port: <int>`, `<id>,<name>`, `"host": "<string>",`, `...`).
bool has_placeholder(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  if (s.substr(0, 2) == "- ") s.remove_prefix(2);
  const std::size_t colon = detail::key_colon(s);
  std::string_view rest = colon == std::string_view::npos ? s : s.substr(colon);
  std::size_t from = 0;
  for (std::size_t i = 0; i <= rest.size(); ++i) {
    if (i == rest.size() || rest[i] == ',' || rest[i] == '|' || rest[i] == '\t') {
      if (is_placeholder(rest.substr(from, i - from))) return true;
      from = i + 1;
    }
  }
  // Quoted strings anywhere (JSON on one line: `{"host": "<string>"}`).
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '"') continue;
    std::size_t j = i + 1;
    while (j < s.size() && s[j] != '"') j += s[j] == '\\' ? 2 : 1;
    if (j >= s.size()) break;
    if (is_placeholder(s.substr(i + 1, j - i - 1))) return true;
    i = j;
  }
  return false;
}

// Column where the content of a list item starts (`- `, `* `, `+ `, `1. `, `2) `), or 0 when `s`
// is not a list item.
std::size_t list_content_column(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  if (i >= s.size()) return 0;
  std::size_t j = i;
  if (s[j] == '-' || s[j] == '*' || s[j] == '+') {
    ++j;
  } else {
    while (j < s.size() && j - i < 9 && s[j] >= '0' && s[j] <= '9') ++j;
    if (j == i || j >= s.size() || (s[j] != '.' && s[j] != ')')) return 0;
    ++j;
  }
  if (j >= s.size() || s[j] != ' ') return 0;
  std::size_t k = j;
  while (k < s.size() && s[k] == ' ' && k - j < 4) ++k;
  return k;
}

std::size_t leading_spaces(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  return i;
}

// Lowercase ASCII copy of the start of `s` (at most n bytes), a curly apostrophe read as '.
std::string lower_prefix(std::string_view s, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && out.size() < n; ++i) {
    char c = s[i];
    if (c == '\xE2' && s.substr(i, 3) == "\xE2\x80\x99") {
      out += '\'';
      i += 2;
      continue;
    }
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    out += c;
  }
  return out;
}

// The opening words of a refusal: "I'm sorry", "I can't", "Unfortunately, I cannot", ...
bool reads_as_refusal(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '*' || s.front() == '_')) s.remove_prefix(1);
  const std::string l = lower_prefix(s, 40);
  static constexpr std::string_view openers[] = {
      "i'm sorry", "i am sorry", "sorry,", "sorry.", "sorry!", "sorry but", "i apologize", "i apologise",
      "i can't",   "i cannot",   "i can not", "i won't", "i will not", "i'm unable", "i am unable", "i'm not able",
      "i am not able", "unfortunately, i", "unfortunately i", "as an ai"};
  for (std::string_view o : openers)
    if (std::string_view(l).substr(0, o.size()) == o) return true;
  return l == "sorry";
}

class extractor {
 public:
  explicit extractor(std::string_view reply) : reply_(reply), win_end_(reply.size()) {
    std::size_t pos = 0;
    while (pos < reply.size()) {
      std::size_t lf = reply.find('\n', pos);
      if (lf == std::string_view::npos) lf = reply.size();
      lines_.push_back({static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(lf)});
      pos = lf + 1;
    }
    hi_ = lines_.size();
  }

  [[nodiscard]] std::size_t line_count() const noexcept { return lines_.size(); }
  // Line i (0-based) without LF and without a CR before it, cut to the part inside the window
  // (the reply without its reasoning blocks).
  [[nodiscard]] std::string_view line(std::size_t i) const noexcept {
    const std::size_t b = std::max<std::size_t>(lines_[i].begin, win_begin_);
    const std::size_t e = std::min<std::size_t>(lines_[i].end, win_end_);
    if (e <= b) return {};
    std::string_view s = reply_.substr(b, e - b);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    if (b == 0 && s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);  // a byte order mark
    return s;
  }
  // Line i of the whole reply (reasoning included), without LF and CR.
  [[nodiscard]] std::string_view raw_line(std::size_t i) const noexcept {
    std::string_view s = reply_.substr(lines_[i].begin, lines_[i].end - lines_[i].begin);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    return s;
  }
  [[nodiscard]] bool blank(std::size_t i) const noexcept { return is_blank(line(i)); }
  [[nodiscard]] std::size_t begin_of(std::size_t i) const noexcept {
    return i < hi_ ? std::max<std::size_t>(lines_[i].begin, win_begin_) : win_end_;
  }
  // Offset just past line i's LF (or the window's end).
  [[nodiscard]] std::size_t after(std::size_t i) const noexcept {
    return lines_[i].end < win_end_ ? lines_[i].end + 1 : win_end_;
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
  // non-blank ones (and to the lines after a reasoning block already reported).
  void drop(std::size_t first, std::size_t last, drop_reason reason) {
    first = std::max(first, min_drop_);
    while (first < last && blank(first)) ++first;
    while (last > first && blank(last - 1)) --last;
    if (first >= last) return;
    out_.dropped.push_back({static_cast<std::uint32_t>(first + 1), static_cast<std::uint32_t>(last), reason});
  }

  result<extraction> run(const extract_options& options) {
    if (std::optional<error> e = skip_reasoning()) return *e;
    result<extraction> r = find(options);
    if (!r) return r;
    if (head_) r->dropped.insert(r->dropped.begin(), *head_);
    if (tail_) r->dropped.push_back(*tail_);
    return r;
  }

 private:
  result<extraction> find(const extract_options& options) {
    bool any_fence = false;
    for (std::size_t i = lo_; i < hi_; ++i)
      if (std::size_t indent = 0, column = 0; open_fence(i, indent, column)) {
        any_fence = true;
        break;
      }
    if (any_fence) {
      if (auto r = fenced_impl(options); r) return std::move(*r);
      // Fences but no document inside one: look for it outside (e.g. a fenced shell command).
      out_ = {};
    }
    return unfenced(lo_, hi_);
  }

  // Reasoning before the answer: <think>...</think> (also <thinking>, <reasoning>), a lone
  // </think> (the opening tag was in the prompt), or harmony channels (<|channel|>analysis ...
  // <|channel|>final<|message|> answer <|return|>). Narrows the window to the answer and keeps
  // the ranges to report; an error when nothing but reasoning is there.
  std::optional<error> skip_reasoning() {
    std::size_t pos = reply_.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // after a byte order mark
    bool found = false;
    auto skip_blanks = [&](std::size_t p) {
      while (p < reply_.size() && (reply_[p] == ' ' || reply_[p] == '\t' || reply_[p] == '\r' || reply_[p] == '\n')) ++p;
      return p;
    };
    const std::size_t start = skip_blanks(pos);
    if (reply_.substr(start, 2) == "<|") {
      // Harmony: the answer is the final channel's message.
      const std::size_t final_channel = reply_.rfind("<|channel|>final");
      const std::size_t message =
          final_channel == std::string_view::npos ? final_channel : reply_.find("<|message|>", final_channel);
      if (message == std::string_view::npos)
        return error{error_code::no_document, "the reply holds only reasoning (no <|channel|>final<|message|>)"};
      pos = message + 11;
      std::size_t end = reply_.size();
      for (std::string_view stop : {"<|return|>", "<|end|>", "<|call|>"})
        end = std::min(end, reply_.find(stop, pos));
      if (end < reply_.size()) {
        win_end_ = end;
        const std::size_t end_line = line_of_offset(end);
        const bool at_line_start = is_blank(reply_.substr(lines_[end_line].begin, end - lines_[end_line].begin));
        std::size_t first_tail = at_line_start ? end_line : end_line + 1;
        std::size_t last_tail = line_count();
        while (last_tail > first_tail && is_blank(raw_line(last_tail - 1))) --last_tail;
        if (first_tail < last_tail)
          tail_ = dropped_lines{static_cast<std::uint32_t>(first_tail + 1), static_cast<std::uint32_t>(last_tail),
                                drop_reason::reasoning};
        hi_ = win_end_ > lines_[end_line].begin ? end_line + 1 : end_line;
      }
      found = true;
    } else {
      static constexpr std::string_view tags[][2] = {
          {"<think>", "</think>"}, {"<thinking>", "</thinking>"}, {"<reasoning>", "</reasoning>"}};
      for (;;) {
        const std::size_t at = skip_blanks(pos);
        bool opened = false;
        for (const auto& t : tags) {
          if (reply_.substr(at, t[0].size()) != t[0]) continue;
          const std::size_t close = reply_.find(t[1], at + t[0].size());
          if (close == std::string_view::npos)
            return error{error_code::no_document, "the reply holds only reasoning (" + std::string(t[0]) +
                                                      " without " + std::string(t[1]) + ")"};
          pos = close + t[1].size();
          opened = found = true;
          break;
        }
        if (!opened) break;
      }
      if (!found) {
        // A closing tag without its opening one, first on its line: everything before it is
        // reasoning (`</think>` inside a value is not).
        const std::size_t close = reply_.find("</think>");
        const std::size_t line_start = close == std::string_view::npos ? 0 : lines_[line_of_offset(close)].begin;
        if (close != std::string_view::npos && is_blank(reply_.substr(line_start, close - line_start)) &&
            reply_.substr(0, close).find("<think>") == std::string_view::npos) {
          pos = close + 8;
          found = true;
        }
      }
    }
    if (!found) return std::nullopt;
    // The answer starts after the marker; on the next line when nothing follows it on its own.
    const std::size_t marker_line = line_of_offset(pos == 0 ? 0 : pos - 1);
    std::size_t rest_end = std::min<std::size_t>(lines_[marker_line].end, win_end_);
    if (rest_end < pos || is_blank(reply_.substr(pos, rest_end - pos))) {
      win_begin_ = std::min(after(marker_line), win_end_);
      lo_ = marker_line + 1;
      min_drop_ = lo_;
    } else {
      win_begin_ = pos;
      lo_ = marker_line;
      min_drop_ = lo_ + 1;
    }
    std::size_t first = 0;
    while (first < line_count() && is_blank(raw_line(first))) ++first;
    head_ = dropped_lines{static_cast<std::uint32_t>(first + 1), static_cast<std::uint32_t>(min_drop_),
                          drop_reason::reasoning};
    if (reply_.substr(win_begin_, win_end_ - win_begin_).find_first_not_of(" \t\r\n") == std::string_view::npos)
      return error{error_code::no_document, "the reply holds only reasoning, no answer after it"};
    return std::nullopt;
  }

  // The fence line i opens, if any: at most 3 spaces of indentation, or as many more as the
  // content of the list item above it is indented (`1. Config:` then `   ```toon`). Sets
  // `indent` to the fence's indentation and `column` to the list item's content column (0 at
  // the top level).
  [[nodiscard]] std::optional<fence_line> open_fence(std::size_t i, std::size_t& indent, std::size_t& column) const {
    std::string_view s = line(i);
    indent = leading_spaces(s);
    column = 0;
    if (indent <= 3) {
      std::optional<fence_line> f = parse_fence(s);
      if (f) {
        // Indented under a list item's text: that item's content column.
        for (std::size_t k = i; k-- > lo_;) {
          if (blank(k)) continue;
          const std::size_t c = list_content_column(line(k));
          if (c != 0 && c <= indent) column = c;
          break;
        }
      }
      return f;
    }
    for (std::size_t k = i; k-- > lo_;) {
      if (blank(k)) continue;
      const std::size_t c = list_content_column(line(k));
      if (c == 0 || indent < c || indent - c > 3) return std::nullopt;
      column = c;
      return parse_fence(s.substr(c));
    }
    return std::nullopt;
  }

  [[nodiscard]] bool closes(std::size_t j, const fence_line& open, std::size_t column) const {
    std::string_view s = line(j);
    return is_closing_fence(s.substr(std::min(leading_spaces(s), column)), open);
  }

  struct block {
    std::size_t open = 0;     // fence line
    std::size_t close = 0;    // closing fence line, or hi_ when unterminated
    std::size_t indent = 0;   // the opening fence's indentation
    std::string_view info{};
    std::optional<payload_kind> kind{};
    bool passed_over = false;  // a JSON block passed over for a TOON one (prefer_toon)
    bool placeholders = false;  // its values are placeholders: the format shown before the answer
    bool placeholders_skipped = false;
  };

  // The content of block `bl`, de-indented by its fence's indentation (CommonMark: up to that
  // many spaces from each line).
  extracted_document content(const block& bl) {
    extracted_document d;
    std::size_t from = begin_of(bl.open + 1);
    std::size_t to = bl.close < hi_ ? begin_of(bl.close) : win_end_;
    if (from > to) from = to;
    d.text = reply_.substr(from, to - from);
    if (bl.indent > 0) {
      bool indented = false;
      for (std::size_t k = bl.open + 1; k < bl.close && k < hi_ && !indented; ++k)
        indented = leading_spaces(line(k)) > 0;
      if (indented) {
        auto owned = std::make_shared<std::string>();
        owned->reserve(d.text.size());
        std::string_view rest = d.text;
        while (!rest.empty()) {
          std::size_t lf = rest.find('\n');
          std::string_view one = rest.substr(0, lf == std::string_view::npos ? rest.size() : lf + 1);
          std::size_t cut = 0;
          while (cut < bl.indent && cut < one.size() && one[cut] == ' ') ++cut;
          owned->append(one.substr(cut));
          rest.remove_prefix(one.size());
        }
        d.dedent = static_cast<std::uint32_t>(bl.indent);
        d.storage = owned;
        d.text = *owned;
      }
    }
    d.first_line = static_cast<std::uint32_t>(bl.open + 2);
    d.kind = *bl.kind;
    d.fence_info = bl.info;
    d.fenced = true;
    return d;
  }

  // The extraction when a fenced block holds a document, else nothing.
  std::optional<result<extraction>> fenced_impl(const extract_options& options) {
    std::vector<block> blocks;
    for (std::size_t i = lo_; i < hi_; ++i) {
      std::size_t indent = 0, column = 0;
      std::optional<fence_line> f = open_fence(i, indent, column);
      if (!f) continue;
      block b;
      b.open = i;
      b.info = f->info;
      b.indent = indent;
      std::size_t j = i + 1;
      while (j < hi_ && !closes(j, *f, column)) ++j;
      b.close = j;
      std::size_t k = i + 1;
      while (k < j && (blank(k) || is_comment(line(k).substr(leading_spaces(line(k)))))) ++k;
      if (k < j) {
        std::string_view first = line(k);
        std::size_t lead = 0;
        while (lead < first.size() && (first[lead] == ' ' || first[lead] == '\t')) ++lead;
        const opens st = starts_document(first.substr(lead));
        if (st != opens::none) b.kind = st == opens::json ? payload_kind::json : payload_kind::toon;
        // A block that says it is TOON or JSON holds the document whatever its first line
        // (a root primitive, a key line starting with prose-like words).
        if (!b.kind && (lower_is(b.info, "toon") || lower_is(b.info, "json"))) b.kind = payload_kind::toon;
        for (std::size_t l = k; l < j && b.kind && !b.placeholders; ++l) b.placeholders = has_placeholder(line(l));
      }
      blocks.push_back(b);
      i = j;  // continue after the closing fence
    }
    bool any_toon = false;
    for (const block& b : blocks) any_toon = any_toon || b.kind == payload_kind::toon;
    std::vector<std::size_t> chosen;
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      if (!blocks[b].kind) continue;
      if (options.prefer_toon && any_toon && *blocks[b].kind == payload_kind::json) {
        blocks[b].passed_over = true;
        continue;
      }
      chosen.push_back(b);
    }
    if (chosen.empty()) return std::nullopt;
    if (options.blocks != block_choice::all) {
      // A block of placeholders (`port: <int>`) shows the format; an answer elsewhere goes first.
      bool any_answer = false;
      for (std::size_t b : chosen) any_answer = any_answer || !blocks[b].placeholders;
      if (any_answer) {
        std::vector<std::size_t> answers;
        for (std::size_t b : chosen) {
          if (blocks[b].placeholders) blocks[b].placeholders_skipped = true;
          else answers.push_back(b);
        }
        chosen = std::move(answers);
      }
    }
    if (options.blocks == block_choice::first) chosen.erase(chosen.begin() + 1, chosen.end());
    else if (options.blocks == block_choice::last) chosen.erase(chosen.begin(), chosen.end() - 1);

    std::size_t next_line = lo_;  // first line not yet accounted for
    std::size_t c = 0;
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      const block& bl = blocks[b];
      drop(next_line, bl.open, drop_reason::prose);
      std::size_t end = bl.close < hi_ ? bl.close + 1 : hi_;
      if (c < chosen.size() && chosen[c] == b) {
        ++c;
        drop(bl.open, bl.open + 1, drop_reason::fence);
        out_.documents.push_back(content(bl));
        if (bl.close < hi_) drop(bl.close, bl.close + 1, drop_reason::fence);
      } else {
        drop(bl.open, end,
             bl.passed_over          ? drop_reason::other_format
             : bl.placeholders_skipped ? drop_reason::placeholders
                                       : drop_reason::other_block);
      }
      next_line = end;
    }
    drop(next_line, hi_, drop_reason::prose);
    return result<extraction>(std::move(out_));
  }

  // Line i is a lead-in rather than a key: `Word:` with nothing after the colon, followed (after
  // blank lines) by an unindented line starting a document: JSON after any one-word key, TOON
  // after a capitalised word (`Result:`, `Sure:`; a lowercase `meta:`, an all-capitals `NULL:` or
  // a literal's name `True:` before `id: 1` stays an empty object, as TOON reads it).
  [[nodiscard]] bool is_lead_in(std::size_t i, std::size_t to) const {
    std::string_view s = line(i);
    const std::size_t colon = detail::key_colon(s);
    if (colon == std::string_view::npos || !is_blank(s.substr(colon))) return false;
    std::string_view key = s.substr(0, colon - 1);
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.remove_suffix(1);
    if (key.empty()) return false;
    // A capitalised word (`Result`, not `NULL`), and not a literal's name (`True: ` is a key).
    bool word = key.size() >= 2 && key[0] >= 'A' && key[0] <= 'Z';
    for (std::size_t c = 0; c < key.size(); ++c) {
      const char ch = key[c];
      if (ch == '"' || ch == '[' || ch == '{') return false;
      if (c > 0 && !(ch >= 'a' && ch <= 'z')) word = false;
    }
    if (word) {
      const std::string lower = lower_prefix(key, key.size());
      for (std::string_view literal : {"true", "false", "null", "none", "nan", "infinity"})
        if (lower == literal) word = false;
    }
    std::size_t j = i + 1;
    while (j < to && blank(j)) ++j;
    if (j >= to) return false;
    std::string_view next = line(j);
    if (next.empty() || next[0] == ' ' || next[0] == '\t') return false;
    const opens kind = starts_document(next);
    if (kind == opens::none) return false;
    return kind == opens::json || word;
  }

  // Drops lines [from, to) before the document: lead-in and label lines as lead_in, the rest as
  // prose, each run of one reason in its own range.
  void drop_before(std::size_t from, std::size_t to, const std::vector<bool>& lead_in) {
    std::size_t run_start = from;
    std::optional<drop_reason> run;
    for (std::size_t i = from; i < to; ++i) {
      if (blank(i)) continue;
      const drop_reason r = lead_in[i - from] ? drop_reason::lead_in : drop_reason::prose;
      if (run && *run != r) {
        drop(run_start, i, *run);
        run_start = i;
      }
      if (!run || *run != r) run_start = i;
      run = r;
    }
    if (run) drop(run_start, to, *run);
  }

  result<extraction> unfenced(std::size_t from, std::size_t to) {
    std::size_t start = to;
    payload_kind kind = payload_kind::toon;
    bool found = false;
    std::vector<bool> lead_in;  // per line from `from`: a lead-in or label line
    for (std::size_t i = from; i < to; ++i) {
      std::string_view s = line(i);
      const bool label = is_label(s);
      const opens k = label || is_emphasis_line(s) ? opens::none : starts_document(s);
      if (k == opens::toon && is_lead_in(i, to)) {
        lead_in.push_back(true);
        continue;
      }
      lead_in.push_back(label);
      if (k != opens::none) {
        kind = k == opens::json ? payload_kind::json : payload_kind::toon;
        found = true;
        start = i;
        break;
      }
    }
    if (!found) {
      std::size_t non_blank = 0;
      std::size_t first_text = to;
      bool comment = false;
      for (std::size_t i = from; i < to && non_blank < 2; ++i)
        if (!blank(i)) {
          if (non_blank == 0) first_text = i;
          ++non_blank;
          comment = is_comment(line(i));
        }
      if (non_blank > 0 && reads_as_refusal(line(first_text))) {
        error e{error_code::refusal, "the reply is a refusal, not a document"};
        std::string_view s = line(first_text);
        e.line = static_cast<std::uint32_t>(first_text + 1);
        e.column = static_cast<std::uint32_t>(leading_spaces(s) + 1);
        e.source_line = std::string(s.substr(0, 160));
        e.source_column = e.column;
        return e;
      }
      if (non_blank == 1 && !comment && !lead_in[first_text - from]) {  // one line: a TOON root primitive
        extracted_document d;
        d.text = reply_.substr(win_begin_, win_end_ - win_begin_);
        d.first_line = static_cast<std::uint32_t>(from + 1);
        out_.documents.push_back(d);
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
      if (!blank(i) && (!is_comment(line(i)) || lead_in[i - from])) only_comments = false;
    std::size_t doc_begin_line = start;
    if (only_comments) doc_begin_line = from;
    else drop_before(from, start, lead_in);

    std::size_t doc_end = 0;       // byte offset
    std::size_t trailing_from = to;  // first line after the document
    if (kind == payload_kind::json) {
      std::size_t open = begin_of(start);
      std::size_t end = json_extent(reply_.substr(0, win_end_), open);
      if (end == std::string_view::npos) {
        doc_end = win_end_;
        trailing_from = to;
      } else {
        std::size_t end_line = line_of_offset(end - 1);
        std::string_view rest = reply_.substr(end, std::min<std::size_t>(lines_[end_line].end, win_end_) - end);
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
      // Rows or items written at their header's level (`items[2]{id}:` then `1,Ada`) stay in the
      // document, for the decoder to say that they belong indented under it.
      bool open_header = is_bare_header(line(start));
      for (std::size_t i = start + 1; i < to; ++i) {
        std::string_view s = line(i);
        if (is_blank(s)) continue;
        // A heading (`## Tags`) reads as a comment to the decoder: it does not end the document.
        if (s[0] == ' ' || s[0] == '\t' || is_comment(s) || (is_key_line(s) && !is_emphasis_line(s))) {
          last = i;
          open_header = is_bare_header(s);
          continue;
        }
        if (open_header && looks_like_row_or_item(s)) {
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
    if (!trailing_prose) doc_end = win_end_;
    std::size_t doc_begin = begin_of(doc_begin_line);
    extracted_document d;
    d.text = reply_.substr(doc_begin, doc_end - doc_begin);
    d.first_line = static_cast<std::uint32_t>(doc_begin_line + 1);
    d.kind = kind;
    out_.documents.push_back(d);
    if (trailing_prose) {
      if (trailing_partial_) {
        const std::size_t from_line = std::max(trailing_from, min_drop_);  // not a reasoning line again
        std::size_t last = to;
        while (last > from_line + 1 && blank(last - 1)) --last;
        if (from_line < last)
          out_.dropped.push_back({static_cast<std::uint32_t>(from_line + 1), static_cast<std::uint32_t>(last),
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
  // The window: the reply without its reasoning (the whole reply when it has none).
  std::size_t win_begin_ = 0;
  std::size_t win_end_ = 0;
  std::size_t lo_ = 0;  // first line of the window
  std::size_t hi_ = 0;  // one past the last line of the window
  std::size_t min_drop_ = 0;  // lines before it are reported as reasoning already
  std::optional<dropped_lines> head_{};
  std::optional<dropped_lines> tail_{};
};

}  // namespace

TOON_FUNC result<extraction> extract(std::string_view reply, const extract_options& options) {
  if (reply.size() >= std::numeric_limits<std::uint32_t>::max())
    return error{error_code::size_limit, "the reply is 4 GiB or larger"};
  extractor x(reply);
  return x.run(options);
}

namespace detail {

TOON_FUNC void shift_error_lines(error& e, std::uint32_t first_line, std::uint32_t dedent) noexcept {
  if (e.line != 0) {
    e.line += first_line - 1;
    if (e.column != 0) e.column += dedent;
  }
  for (error& m : e.more) shift_error_lines(m, first_line, dedent);
}

TOON_FUNC void shift_repair_lines(std::vector<repair>& repairs, std::size_t from, std::uint32_t first_line,
                                  std::uint32_t dedent) noexcept {
  for (std::size_t i = from; i < repairs.size(); ++i)
    if (repairs[i].line != 0) {
      repairs[i].line += first_line - 1;
      if (repairs[i].column != 0) repairs[i].column += dedent;
    }
}

TOON_FUNC result<extracted_document> reply_document(std::string_view reply, const reply_options& options) {
  if (options.extract.blocks == block_choice::all)
    throw std::invalid_argument("toon::decode_reply decodes one document: block_choice::all is not accepted");
  extract_options eo = options.extract;
  if (!options.accept_json) eo.prefer_toon = true;  // a JSON block would be refused: a TOON one first
  result<extraction> x = toon::extract(reply, eo);
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
    e.column += doc.dedent;
    return e;
  }
  return doc;
}

TOON_FUNC result<value> decode_json_document(const extracted_document& doc) {
  result<value> v = toon::from_json(doc.text);
  if (!v) {
    error e = v.error();
    shift_error_lines(e, doc.first_line, doc.dedent);
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
    detail::shift_error_lines(e, doc->first_line, doc->dedent);
    return e;
  }
  if (options.decode.repairs)
    detail::shift_repair_lines(*options.decode.repairs, repairs_before, doc->first_line, doc->dedent);
  return v;
}

}  // namespace toon
