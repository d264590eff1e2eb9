// The TOON structural parser: walks the scanned lines (line_scanner), recognises every
// v4 form and sends events to an event_handler. Every consumer (value builder, JSON
// writer, typed decoder) is fed from here.
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "header_parser.hpp"
#include "line_scanner.hpp"
#include "token.hpp"
#include "../utf8.hpp"
#include "toon/events.hpp"

namespace toon {
namespace detail {
namespace {

struct parse_failure {
  error_code code;
  std::string message;
  std::size_t offset;  // into the original input
};

struct handler_abort {};

constexpr std::size_t npos = std::string_view::npos;

bool is_list_item(std::string_view c) noexcept { return c == "-" || (c.size() >= 2 && c[0] == '-' && c[1] == ' '); }

class event_parser {
 public:
  event_parser(std::string_view original, std::string_view text, event_handler& handler,
               const decode_options& options)
      : orig_(original), text_(text), h_(handler), opt_(options), strict_(options.strict) {}

  void run() {
    scan_error se = scan_lines(text_, opt_, lines_);
    if (se.code != error_code::ok) throw parse_failure{se.code, se.message, off(text_.data() + se.offset)};
    pos_ = 0;
    skip_blanks(false);
    parse_document();
  }

 private:
  // ---- positions --------------------------------------------------------------------------
  std::size_t off(const char* p) const noexcept { return static_cast<std::size_t>(p - orig_.data()); }
  std::string_view content(const line& l) const noexcept { return text_.substr(l.begin, l.end - l.begin); }
  const line* peek() const noexcept { return pos_ < lines_.size() ? &lines_[pos_] : nullptr; }

  [[noreturn]] void fail(error_code code, std::string message, const char* at) {
    throw parse_failure{code, std::move(message), off(at)};
  }
  [[noreturn]] void fail(const scan_error& e, const char* base) {
    throw parse_failure{e.code, e.message, off(base + e.offset)};
  }

  // Moves past blank lines; inside an array span (strict) a blank line followed by a line
  // that still belongs to the span is an error (§12).
  void skip_blanks(bool check_span) {
    std::size_t first_blank = pos_;
    while (pos_ < lines_.size() && lines_[pos_].blank) ++pos_;
    if (check_span && strict_ && pos_ != first_blank && !spans_.empty() && pos_ < lines_.size() &&
        lines_[pos_].depth > spans_.back())
      fail(error_code::blank_line_in_array, "blank line inside an array",
           text_.data() + lines_[first_blank].begin);
  }

  // Consumes the current line.
  void advance() {
    ++pos_;
    skip_blanks(true);
  }

  void push_span(std::uint32_t header_depth) {
    spans_.push_back(spans_.empty() ? header_depth : std::min(spans_.back(), header_depth));
  }
  void pop_span() { spans_.pop_back(); }

  // ---- events -----------------------------------------------------------------------------
  static void check(bool ok) {
    if (!ok) throw handler_abort{};
  }
  void enter(const char* at) {
    if (++nesting_ > opt_.max_depth) fail(error_code::depth_limit, "nesting exceeds the depth limit", at);
  }
  void leave() { --nesting_; }

  void emit_primitive(std::string_view token, const char* at) {
    primitive p{};
    scan_error e;
    if (!parse_primitive(token, scratch_, p, e)) fail(e, token.data());
    std::size_t o = off(at);
    switch (p.type) {
      case primitive::kind::null: check(h_.null_value(o)); break;
      case primitive::kind::boolean: check(h_.bool_value(p.b, o)); break;
      case primitive::kind::integer: check(h_.int_value(p.i, o)); break;
      case primitive::kind::uinteger: check(h_.uint_value(p.u, o)); break;
      case primitive::kind::real: check(h_.double_value(p.d, o)); break;
      case primitive::kind::big_integer: check(h_.big_integer_value(p.text, o)); break;
      case primitive::kind::string: check(h_.string_value(p.text, o)); break;
    }
  }

  // ---- duplicate keys (strict) ---------------------------------------------------------------
  struct key_frame {
    std::size_t begin;
    std::unique_ptr<std::unordered_set<std::string_view>> set;
  };

  void begin_keys() {
    if (strict_) frames_.push_back(key_frame{keys_.size(), nullptr});
  }
  void end_keys() {
    if (!strict_) return;
    keys_.resize(frames_.back().begin);
    frames_.pop_back();
  }
  // Records `k` in the current object; strict mode rejects a repeated key.
  void add_key(std::string_view k, const char* at) {
    if (!strict_) return;
    // Views into the input stay valid; unescaped keys live in scratch or header storage.
    bool in_input = k.data() >= text_.data() && k.data() + k.size() <= text_.data() + text_.size();
    if (!in_input && !k.empty()) k = owned_keys_.emplace_back(k);
    key_frame& f = frames_.back();
    if (f.set) {
      if (!f.set->insert(k).second) duplicate(k, at);
    } else {
      for (std::size_t i = f.begin; i < keys_.size(); ++i)
        if (keys_[i] == k) duplicate(k, at);
      if (keys_.size() - f.begin >= 32) {
        f.set = std::make_unique<std::unordered_set<std::string_view>>(keys_.begin() + static_cast<std::ptrdiff_t>(f.begin), keys_.end());
        f.set->insert(k);
      }
    }
    keys_.push_back(k);
  }
  [[noreturn]] void duplicate(std::string_view k, const char* at) {
    fail(error_code::duplicate_key, "duplicate key \"" + std::string(k) + "\"", at);
  }

  void emit_key(std::string_view k, const char* at) {
    add_key(k, at);
    check(h_.key(k, off(at)));
  }

  // Strict mode: field names repeated within one brace group (§9.3).
  void check_field_names(const header& h, const char* at) {
    if (!strict_) return;
    check_group(h, 0, static_cast<std::uint32_t>(h.fields.size()), at);
  }
  void check_group(const header& h, std::uint32_t b, std::uint32_t e, const char* at) {
    for (std::uint32_t i = b; i < e; i = h.fields[i].subtree_end) {
      for (std::uint32_t j = h.fields[i].subtree_end; j < e; j = h.fields[j].subtree_end)
        if (h.fields[i].name == h.fields[j].name)
          fail(error_code::duplicate_key, "duplicate field name \"" + std::string(h.fields[i].name) + "\"", at);
      if (h.fields[i].is_group) check_group(h, i + 1, h.fields[i].subtree_end, at);
    }
  }

  // Depth of the content lines of a scope opened at `d`, or 0 when the scope is empty.
  // Strict mode demands exactly d+1; non-strict accepts the first content line's depth.
  std::uint32_t child_depth(std::uint32_t d) {
    const line* l = peek();
    if (!l || l->depth <= d) return 0;
    if (strict_ && l->depth != d + 1)
      fail(error_code::unexpected_indentation,
           "indentation jumps from depth " + std::to_string(d) + " to " + std::to_string(l->depth),
           text_.data() + l->begin);
    return l->depth;
  }

  // ---- document ---------------------------------------------------------------------------------
  void parse_document() {
    const line* first = peek();
    if (!first) {
      enter(text_.data());
      check(h_.start_object(0, off(text_.data())));
      check(h_.end_object());
      return;
    }
    std::string_view c = content(*first);
    // The root form is read from a depth-0 line (§5) and over-indented lines are errors in both
    // modes (spec 4.4), so an indented first line is rejected whatever its form.
    if (first->depth != 0)
      fail(error_code::unexpected_indentation, "the first line of the document is indented", c.data());
    bool single = true;
    for (std::size_t i = pos_ + 1; i < lines_.size(); ++i)
      if (!lines_[i].blank) {
        single = false;
        break;
      }
    header h;
    scan_error e;
    header_status st = parse_header(c, h, scratch_, e);
    if (st == header_status::malformed) fail(e, c.data());
    if (st == header_status::ok && !h.has_key) {
      advance();
      parse_container(h, 0, c.data());
      check_trailing();
      return;
    }
    if (c == "[]") {
      advance();
      enter(c.data());
      check(h_.start_array(0, off(c.data())));
      check(h_.end_array());
      check_trailing();
      return;
    }
    if (single && st != header_status::ok && !is_key_value(c)) {
      advance();
      emit_primitive(c, c.data());
      return;
    }
    enter(c.data());
    check(h_.start_object(0, off(c.data())));
    begin_keys();
    parse_fields(0);
    end_keys();
    check(h_.end_object());
    if (const line* l = peek())
      fail(error_code::unexpected_indentation, "line is indented less than the document's root",
           text_.data() + l->begin);
  }

  // A line that has an unquoted colon (quoted or unquoted key).
  static bool is_key_value(std::string_view c) { return find_unquoted(c, ':') != npos; }

  void check_trailing() {
    const line* l = peek();
    if (l)
      fail(error_code::trailing_content, "content after the end of the root array or table",
           text_.data() + l->begin);
  }

  // ---- objects --------------------------------------------------------------------------------
  // Fields of an object whose lines stand at depth d (the key frame is the caller's).
  void parse_fields(std::uint32_t d) {
    while (const line* l = peek()) {
      if (l->depth < d) return;
      std::string_view c = content(*l);
      if (l->depth > d)
        fail(error_code::unexpected_indentation, "line is indented deeper than its scope", c.data());
      if (std::size_t colon = plain_key_colon(c); colon != npos) {
        parse_key_value(c, d, trim_spaces(c.substr(0, colon)), colon);
        continue;
      }
      header h;
      scan_error e;
      header_status st = parse_header(c, h, scratch_, e);
      parse_field(c, d, h, st, e);
    }
  }

  // The colon of a `key: ...` line whose unquoted key has no '[' (so the line is no header),
  // found in one pass; npos when the line needs the full classification.
  static std::size_t plain_key_colon(std::string_view c) noexcept {
    const std::size_t i = find_any3(c, 0, ':', '[', '"');
    return i < c.size() && c[i] == ':' ? i : npos;
  }

  // One field line (already classified by parse_header); consumes it and its content.
  void parse_field(std::string_view c, std::uint32_t d, header& h, header_status st, const scan_error& e) {
    if (st == header_status::ok && h.has_key) {
      emit_key(h.key, c.data());
      advance();
      parse_container(h, d, c.data());
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
  void parse_key_value(std::string_view c, std::uint32_t d, std::string_view key, std::size_t colon) {
    emit_key(key, c.data());
    std::string_view rest = trim_spaces(c.substr(colon + 1));
    advance();
    if (rest.empty()) {
      enter(c.data());
      check(h_.start_object(0, off(c.data())));
      if (std::uint32_t cd = child_depth(d)) {
        begin_keys();
        parse_fields(cd);
        end_keys();
      }
      leave();
      check(h_.end_object());
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
    std::size_t colon = find_unquoted(c, ':');
    if (colon == npos) fail(error_code::missing_colon, "expected 'key: value', found no ':'", c.data());
    return {trim_spaces(c.substr(0, colon)), colon};
  }

  // What a scope's line callback did with the current line.
  enum class line_use { counted, end_of_scope };

  // Walks the content lines of an array or table opened at depth d: each must stand at the
  // scope's depth (strict: d+1), and blank lines between them are errors (the array span,
  // §12). `use(content)` consumes the line (counted) or ends the scope.
  // Returns the number of counted lines.
  template <class F>
  std::uint64_t for_each_scope_line(std::uint32_t d, const char* too_deep, F&& use) {
    std::uint32_t scope_depth = child_depth(d);
    if (!scope_depth) return 0;
    std::uint64_t n = 0;
    push_span(d);
    while (const line* l = peek()) {
      if (l->depth <= d) break;
      std::string_view c = content(*l);
      if (l->depth != scope_depth) fail(error_code::unexpected_indentation, too_deep, c.data());
      line_use u = use(c, scope_depth);
      if (u == line_use::end_of_scope) break;
      if (u == line_use::counted) ++n;
    }
    pop_span();
    return n;
  }

  // ---- arrays and tables ----------------------------------------------------------------------
  // The value of a header standing at depth d (its line already consumed).
  void parse_container(header& h, std::uint32_t d, const char* at) {
    if (h.keyed) parse_keyed(h, d, at);
    else if (!h.fields.empty()) parse_tabular(h, d, at);
    else if (!h.inline_values.empty()) parse_inline(h, at);
    else parse_list(h, d, at);
  }

  [[noreturn]] void count_error(const char* what, const header& h, std::uint64_t found, const char* at) {
    fail(error_code::length_mismatch,
         "expected " + std::string(h.length_text) + " " + what + ", found " + std::to_string(found), at);
  }

  void parse_inline(const header& h, const char* at) {
    enter(at);
    check(h_.start_array(static_cast<std::size_t>(h.length), off(at)));
    cell_splitter sp(h.inline_values, h.delim);
    std::string_view cell;
    std::uint64_t n = 0;
    while (sp.next(cell)) {
      emit_primitive(cell, h.inline_values.data() + sp.cell_offset());
      ++n;
    }
    if (strict_ && n != h.length) count_error("array values", h, n, at);
    leave();
    check(h_.end_array());
  }

  void parse_list(const header& h, std::uint32_t d, const char* at) {
    enter(at);
    check(h_.start_array(static_cast<std::size_t>(h.length), off(at)));
    std::uint64_t n = for_each_scope_line(d, "line is indented deeper than its list item",
                                          [&](std::string_view c, std::uint32_t item_depth) {
      if (!is_list_item(c)) fail(error_code::unexpected_line, "expected a list item starting with '- '", c.data());
      parse_list_item(c, item_depth);
      return line_use::counted;
    });
    if (strict_ && n != h.length) count_error("list items", h, n, at);
    leave();
    check(h_.end_array());
  }

  // One "- ..." line at depth `d` (not yet consumed).
  void parse_list_item(std::string_view c, std::uint32_t d) {
    if (trim_spaces(c) == "-") {  // bare marker (trailing spaces allowed): empty object
      advance();
      enter(c.data());
      check(h_.start_object(0, off(c.data())));
      leave();
      check(h_.end_object());
      return;
    }
    std::string_view rest = c.substr(2);
    while (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
    if (rest == "[]") {
      advance();
      enter(rest.data());
      check(h_.start_array(0, off(rest.data())));
      leave();
      check(h_.end_array());
      return;
    }
    if (std::size_t colon = plain_key_colon(rest); colon != npos) {
      // The common case: the first field is a plain key-value line.
      parse_object_item(rest, d, [&] { parse_key_value(rest, d + 1, trim_spaces(rest.substr(0, colon)), colon); });
      return;
    }
    header h;
    scan_error e;
    header_status st = parse_header(rest, h, scratch_, e);
    if (st == header_status::malformed) fail(e, rest.data());
    if (st == header_status::ok && !h.has_key) {
      if (h.keyed || !h.fields.empty())
        fail(error_code::invalid_header, "a header with a field list needs a key except at the root", rest.data());
      advance();
      parse_container(h, d, rest.data());
      return;
    }
    if (st == header_status::ok || is_key_value(rest)) {
      parse_object_item(rest, d, [&] { parse_field(rest, d + 1, h, st, e); });
      return;
    }
    advance();
    emit_primitive(rest, rest.data());
  }

  // An object list item at depth d: its first field on the hyphen line (`first_field` parses
  // it), the others below at depth d+1 (§10).
  template <class F>
  void parse_object_item(std::string_view rest, std::uint32_t d, F&& first_field) {
    enter(rest.data());
    check(h_.start_object(0, off(rest.data())));
    begin_keys();
    first_field();
    parse_fields(d + 1);
    end_keys();
    leave();
    check(h_.end_object());
  }

  // Emits one row's object from `cells` per the header's field tree.
  void emit_row(const header& h, std::string_view cells, const char* line_start) {
    cell_splitter sp(cells, h.delim);
    enter(line_start);
    check(h_.start_object(0, off(line_start)));
    emit_group(h, 0, static_cast<std::uint32_t>(h.fields.size()), sp, cells, line_start);
    std::string_view extra;
    if (sp.next(extra)) width_error(h, cells, line_start);
    leave();
    check(h_.end_object());
  }

  void emit_group(const header& h, std::uint32_t b, std::uint32_t e, cell_splitter& sp, std::string_view cells,
                  const char* line_start) {
    for (std::uint32_t i = b; i < e; i = h.fields[i].subtree_end) {
      const header_field& f = h.fields[i];
      check(h_.key(f.name, off(line_start)));
      if (f.is_group) {
        enter(line_start);
        check(h_.start_object(0, off(line_start)));
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
    if (!h_.receives_rows() || h.leaf_count != h.fields.size() || h.fields.empty()) return false;
    columns_.clear();
    for (const header_field& f : h.fields) columns_.push_back(f.name);
    check(h_.begin_table(columns_.data(), columns_.size(), off(at)));
    return true;
  }

  // One row as a table_row() event. A row with a bad cell or the wrong width goes through
  // emit_row() instead, so its events and error are exactly those of the per-cell path.
  void emit_cells(const header& h, std::string_view cells, const char* line_start) {
    if (std::memchr(cells.data(), '"', cells.size()) == nullptr) {
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
      if (out.text.data() == scratch_.data() && !out.text.empty()) {
        // Unescaped into the shared scratch: copied aside, its view set once the row is read.
        if (row_owned_.empty()) row_text_.clear();
        row_owned_.push_back({j, row_text_.size(), out.text.size()});
        row_text_.append(out.text);
      }
    }
    if (sp.next(cell)) return false;
    for (const owned_cell& o : row_owned_) row_[o.index].text = std::string_view(row_text_).substr(o.at, o.size);
    return true;
  }

  [[noreturn]] void width_error(const header& h, std::string_view cells, const char* at) {
    cell_splitter sp(cells, h.delim);
    std::string_view c;
    std::size_t n = 0;
    while (sp.next(c)) ++n;
    fail(error_code::width_mismatch,
         "row has " + std::to_string(n) + " values, the header declares " + std::to_string(h.leaf_count) + " fields",
         at);
  }

  void parse_tabular(const header& h, std::uint32_t d, const char* at) {
    check_field_names(h, at);
    enter(at);
    check(h_.start_array(static_cast<std::size_t>(h.length), off(at)));
    const bool rows = begin_rows(h, at);
    std::uint64_t n = for_each_scope_line(d, "line is indented deeper than the table's rows",
                                          [&](std::string_view c, std::uint32_t) {
      // §9.3 disambiguation: a colon before the first delimiter makes a key-value line.
      std::size_t first = find_first_unquoted_of(c, ':', h.delim);
      if (first != npos && c[first] == ':') return line_use::end_of_scope;
      if (rows) emit_cells(h, c, c.data());
      else emit_row(h, c, c.data());
      advance();
      return line_use::counted;
    });
    if (strict_ && n != h.length) count_error("rows", h, n, at);
    leave();
    check(h_.end_array());
  }

  void parse_keyed(const header& h, std::uint32_t d, const char* at) {
    check_field_names(h, at);
    enter(at);
    check(h_.start_object(static_cast<std::size_t>(h.length), off(at)));
    begin_keys();
    const bool rows = begin_rows(h, at);
    std::uint64_t n = for_each_scope_line(d, "line is indented deeper than the table's entries",
                                          [&](std::string_view c, std::uint32_t) {
      // Every line of the scope is an entry row 'key: values' (§9.5), in both modes.
      if (find_unquoted(c, ':') == npos)
        fail(error_code::unexpected_line, "expected an entry row 'key: values'", c.data());
      auto [key, colon] = split_key(c);
      emit_key(key, c.data());
      const std::string_view cells = trim_spaces(c.substr(colon + 1));
      if (cells.empty()) width_error(h, cells, c.data());  // `key:` alone carries no cells
      if (rows) emit_cells(h, cells, c.data());
      else emit_row(h, cells, c.data());
      advance();
      return line_use::counted;
    });
    if (strict_ && n != h.length) count_error("entries", h, n, at);
    end_keys();
    leave();
    check(h_.end_object());
  }

  std::string_view orig_;
  std::string_view text_;
  event_handler& h_;
  const decode_options& opt_;
  bool strict_;
  std::vector<line> lines_;
  std::size_t pos_ = 0;
  std::size_t nesting_ = 0;
  std::string scratch_;
  std::vector<std::uint32_t> spans_;
  std::vector<std::string_view> keys_;
  std::vector<key_frame> frames_;
  std::deque<std::string> owned_keys_;
  // Row events: the current table's column names, the cells of a row, unescaped cell text.
  struct owned_cell {
    std::size_t index, at, size;
  };
  std::vector<std::string_view> columns_;
  std::vector<scalar> row_;
  std::string row_text_;
  std::vector<owned_cell> row_owned_;
};

}  // namespace
}  // namespace detail

result<void> decode_events(std::string_view text, event_handler& handler, const decode_options& options) {
  // A leading byte order mark is not part of the document: positions (offsets into `text`)
  // are located in `body`, so columns on the first line do not count it.
  std::string_view body = text;
  if (body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
  const std::size_t bom_size = text.size() - body.size();
  auto make_error = [&](error_code code, std::string message, std::size_t offset) {
    error e;
    e.code = code;
    e.message = std::move(message);
    detail::set_location(e, body, offset > bom_size ? offset - bom_size : 0);
    return e;
  };
  if (text.size() > options.max_input_size || text.size() >= 0xFFFFFFFFu)
    return make_error(error_code::size_limit, "input exceeds the size limit", 0);
  if (options.indent_size < 1)
    return make_error(error_code::invalid_indentation, "indent_size must be at least 1", 0);
  if (options.strict) {
    std::size_t bad = detail::find_invalid_utf8(body);
    if (bad != std::string_view::npos)
      return make_error(error_code::invalid_utf8, "ill-formed UTF-8",
                        static_cast<std::size_t>(body.data() - text.data()) + bad);
  }
  try {
    detail::event_parser parser(text, body, handler, options);
    parser.run();
  } catch (const detail::parse_failure& f) {
    return make_error(f.code, f.message, f.offset);
  } catch (const detail::handler_abort&) {
    const error& he = handler.failure();
    if (he.code == error_code::ok) return make_error(error_code::unexpected_line, "decoding stopped by the handler", 0);
    error e = make_error(he.code, he.message, handler.failure_offset());
    e.path = he.path;
    return e;
  }
  return {};
}

}  // namespace toon
