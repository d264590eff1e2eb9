// The document builder (toon::document's decoder events into nodes, and its reader of lines
// straight from the text): see document.cpp for how a document is built.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "toon/detail/linkage.hpp"
#include "toon/document.hpp"
#include "toon/events.hpp"
#include "../common/key_index.hpp"
#include "../parse/bound_parse.hpp"
#include "line_consumer.hpp"

namespace toon {

// A block of the arena: this header, then its bytes.
struct document::block {
  block* next;
  std::size_t size;  // usable bytes after the header
};

namespace detail {

// `n` and everything under it into `out`, a null value (document.cpp; node::to_value()).
TOON_FUNC void copy_node_into(const node& n, value& out);

// Appends nodes to a document's arena and builds it from decoder events.
class document_builder final : public event_handler, public text_sink {
 public:
  // The parser bound to this builder gives it every primitive as an event; as a text sink it
  // only reads `key: value` lines (field_lines()).
  static constexpr bool lines_only = true;

  document_builder(document& doc, std::size_t input_size, bool unique_keys)
      : doc_(doc), unique_keys_(unique_keys) {
    receive_rows();
    // One block for the copied input and, at a typical TOON density, most of the nodes.
    next_block_ = input_size * 3 + 4096;
    stack_.resize(64);
    sbase_ = stack_.data();
    stop_ = sbase_;
    send_ = sbase_ + stack_.size();
    // frames_[0] is the root's frame: the root value is placed on the stack like a child.
    frames_.resize(16);
    ftop_ = frames_.data();
    fend_ = ftop_ + frames_.size();
    *ftop_ = {0, false, npos, "", 0, 0};
  }

  // Copies the input into the arena; the parser reads this copy.
  std::string_view adopt_input(std::string_view text) {
    char* p = static_cast<char*>(allocate(text.size() + 1, 1));
    if (!text.empty()) std::memcpy(p, text.data(), text.size());
    p[text.size()] = '\0';
    input_begin_ = p;
    input_end_ = p + text.size();
    return {p, text.size()};
  }

  bool start_object(std::size_t, std::size_t offset) override { return open(true, offset); }
  bool start_array(std::size_t, std::size_t offset) override { return open(false, offset); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

  // The key is written into the free slot on top of the stack; place() adds the value.
  bool key(std::string_view k, std::size_t offset) override {
    std::size_t level = 0;
    if (!unique_keys_) {
      // A repeated key (non-strict mode) replaces the earlier value, at the first position.
      frame& f = *ftop_;
      f.replace = npos;
      level = static_cast<std::size_t>(ftop_ - frames_.data());
      const node_member* first = sbase_ + f.start;
      const std::size_t at = keys_.find(level, k, static_cast<std::size_t>(stop_ - first),
                                        [first](std::size_t i) { return first[i].key(); });
      if (at != key_index_stack::npos) {
        f.replace = f.start + at;
        return true;
      }
    }
    const char* s = keep(k, offset);
    if (!s) return false;
    if (!unique_keys_) keys_.added(level, k, static_cast<std::size_t>(stop_ - (sbase_ + ftop_->start)));
    stop_->key_ = s;
    stop_->key_size_ = static_cast<std::uint32_t>(k.size());
    return true;
  }

  bool null_value(std::size_t) override { return place(node{}); }
  bool bool_value(bool b, std::size_t) override {
    node n;
    n.kind_ = node::kind::boolean;
    n.u_.b = b;
    return place(n);
  }
  [[gnu::always_inline]] bool int_value(std::int64_t i, std::size_t) override {
    node n;
    n.kind_ = node::kind::integer;
    n.u_.i = i;
    return place(n);
  }
  bool uint_value(std::uint64_t u, std::size_t) override {
    node n;
    n.kind_ = node::kind::uinteger;
    n.u_.u = u;
    return place(n);
  }
  bool double_value(double d, std::size_t) override {
    node n;
    n.kind_ = node::kind::real;
    n.u_.d = d;
    return place(n);
  }
  bool big_integer_value(std::string_view digits, std::size_t offset) override {
    node n;
    return text_node(n, node::kind::big_integer, digits, offset) && place(n);
  }
  // Called for most values: inline into the parser bound to this builder.
  [[gnu::always_inline]] bool string_value(std::string_view s, std::size_t offset) override {
    node n;
    return text_node(n, node::kind::string, s, offset) && place(n);
  }

  bool begin_table(const std::string_view* names, std::size_t count, std::size_t offset) override {
    columns_.clear();
    columns_repeat_ = false;
    for (std::size_t j = 0; j < count; ++j) {
      const char* s = keep(names[j], offset);
      if (!s) return false;
      columns_.push_back({s, names[j].size()});
    }
    if (!unique_keys_) {  // one pass through a set, not a comparison of every pair of columns
      std::unordered_set<std::string_view> seen;
      seen.reserve(count);
      for (std::string_view c : columns_) columns_repeat_ = !seen.insert(c).second || columns_repeat_;
    }
    return true;
  }

  bool table_row(const scalar* cells, std::size_t count, std::size_t offset) override {
    if (columns_repeat_) return repeated_column_row(cells, count, offset);
    auto* members = static_cast<node_member*>(allocate(count * sizeof(node_member), alignof(node_member)));
    for (std::size_t j = 0; j < count; ++j) {
      node_member& m = members[j];
      m.key_ = columns_[j].data();
      m.key_size_ = static_cast<std::uint32_t>(columns_[j].size());
      if (!cell(m.value, cells[j])) return false;
    }
    node n;
    n.kind_ = node::kind::object;
    n.size_ = static_cast<std::uint32_t>(count);
    n.u_.m = members;
    return place(n);
  }

  void finish() { doc_.root_ = stop_ != sbase_ ? sbase_->value : node{}; }

  // ---- text_sink: an object's `key: value` lines read straight from the text ----------------
  //
  // Lines are taken one by one while each is exactly: the object's indentation, a key as the
  // parser reads it (up to the first ':' or '[', no '"' before it; not empty, not starting
  // with '-', '#' or a tab, no space or tab before the ':' or '['), and then one of
  //   - ": " and a value the parser would give as this one event (line_value());
  //   - ":" alone, opening a nested object whose lines, one level deeper, are all taken the
  //     same way (at least one), the line after them closing it (run_block_end()), once the
  //     document's indentation is known and the depth limit leaves room;
  //   - "[N]: " (or "[N|]: ", "[N\t]: ": that delimiter), N without leading zeros, and
  //     exactly N cells, each a value as above (no space around it, not empty), when the
  //     depth limit leaves room (not on the first line of a list item: field_line());
  //   - "[N]{fields}:" or "[N:]{fields}:" and the table's or keyed table's rows (table()),
  //     or "[N]:" and the list's items (list()), taken with the line when all of them are.
  // The key must be new in the object, which holds fewer than 32 members (a repeated key is
  // the parser's: an error in strict mode, the last one winning otherwise). The first other
  // line is left to the parser, with all of its nested object when it is in one.

  bool text_value(std::string_view, std::size_t) override { return false; }  // never called: lines_only
  bool key_text(std::string_view, std::size_t, std::string_view, std::size_t) override { return false; }  // idem
  bool text_row(const text_cell*, std::size_t, std::size_t) override { return false; }  // idem
  bool takes_field_lines() override { return true; }
  const char* field_lines(const char* p, const field_run& run, std::size_t& lines) override {
    lines = 0;
    return take_lines(p, run, lines);
  }
  bool field_line(const char* k, const char* e) override {
    std::size_t lines = 0;
    const char* next;
    return take_line(k, k, e, e, nullptr, lines, next);
  }
  bool takes_list_items() override { return true; }
  // A list the parser opened (its array is the innermost frame, still empty): its items as
  // list() takes them.
  const char* list_items(const char* p, const field_run& run, std::size_t count, std::size_t& lines) override {
    lines = 0;
    if (count == 0 || run.spaces < run.indent || declined_before(p)) return nullptr;
    const std::size_t slot = static_cast<std::size_t>(stop_ - sbase_);
    const std::size_t depth = static_cast<std::size_t>(ftop_ - frames_.data());
    document::block* const block = current_;
    const std::size_t used = used_;
    std::size_t taken = 0;
    if (const char* q = take_items(p, count, run, taken)) {
      field_run list = run;  // the list's header and the lines after it
      list.spaces -= run.indent;
      if (run_block_end(q, list)) {
        lines = taken;
        return q;
      }
    }
    drop_to(depth, slot, block, used);
    remember_declined(p);
    return nullptr;
  }
  // Only the keys of lines this builder took (at most 32 per object): the parser checks the
  // others in its own key store.
  bool field_seen(std::string_view k) override {
    const frame& f = *ftop_;
    for (const node_member* m = sbase_ + f.start; m != sbase_ + f.taken_end; ++m)
      if (m->key() == k) return true;
    return false;
  }

  // ---- lines read for another consumer (toon::decode's value builder, the JSON writer) -------
  // The builder as a reader of lines alone, bound to no parser: each member (or list item) a
  // read takes goes to the consumer as soon as it is read whole (line_consumer::take()), and
  // the arena is rewound behind it, so that a read holds one member's nodes at a time. Strings
  // and keys stay views of the consumer's input (view_input()). It reads what decode_document
  // would: the same lines, declined the same way (and remembered as declined across reads).

  /// keep() takes views of `text`, which outlives the reads, instead of copies; what the reads
  /// take goes to `consumer`.
  void view_input(std::string_view text, line_consumer& consumer) noexcept {
    input_begin_ = text.data();
    input_end_ = text.data() + text.size();
    out_ = &consumer;
  }
  /// field_lines() for an object whose members so far have the `count` keys `keys` (the lines
  /// must not repeat them; 32 or more: nothing is read). The keys must stay valid and unchanged
  /// during the read.
  const char* read_fields(const char* p, const field_run& run, std::size_t& lines, const std::string_view* keys,
                          std::size_t count) {
    lines = 0;
    if (!begin_read(true, keys, count)) return p;
    return take_lines(p, run, lines);
  }
  /// field_line() for such an object.
  bool read_field_line(const char* k, const char* e, const std::string_view* keys, std::size_t count) {
    if (!begin_read(true, keys, count)) return false;
    std::size_t lines = 0;
    const char* next;
    if (!take_line(k, k, e, e, nullptr, lines, next)) return false;
    handed_over();
    return true;
  }
  /// list_items() for a list the consumer opened: where the line after its items starts, or
  /// nullptr, perhaps after the consumer was given some of them (it drops them again).
  const char* read_items(const char* p, const field_run& run, std::size_t count, std::size_t& lines) {
    begin_read(false, nullptr, 0);
    return list_items(p, run, count, lines);
  }

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  // In a read for a consumer, once a member or item of the read's own container is placed
  // (the innermost frame is the root frame): hands it over and rewinds the arena. A member
  // keeps its key on the stack (the lines after it must not repeat it), an item goes.
  [[gnu::always_inline]] void handed_over() {
    if (!out_ || ftop_ != frames_.data()) return;
    node_member& m = stop_[-1];
    out_->take(m, ftop_->object);
    if (ftop_->object) m.value = node{};
    else --stop_;
    if (!current_) return;
    for (document::block* b = current_->next; b;) {  // the newest block is kept for the next
      document::block* next = b->next;
      std::free(b);
      b = next;
    }
    current_->next = nullptr;
    doc_.blocks_ = current_;
    used_ = 0;
  }

  // The root frame as the container a read fills, an object's holding its members' keys
  // first (the read must not repeat them); false with 32 keys or more.
  bool begin_read(bool object, const std::string_view* keys, std::size_t count) {
    if (count >= 32) return false;
    stop_ = sbase_;
    ftop_ = frames_.data();
    *ftop_ = {0, object, npos, "", 0, 0};
    if (object && !unique_keys_) keys_.open(0);
    for (std::size_t i = 0; i < count; ++i) {
      stop_->key_ = keys[i].data();
      stop_->key_size_ = static_cast<std::uint32_t>(keys[i].size());
      stop_->value = node{};
      if (++stop_ == send_) grow_stack();
    }
    return true;
  }

  struct frame {
    std::size_t start;    // index of the first child on the stack
    bool object;
    std::size_t replace;  // object, non-strict mode: index of the member the next value replaces, or npos
    const char* key;      // the key waiting in the container's own slot, kept while its children
    std::uint32_t key_size;  // use that slot
    std::size_t taken_end;   // index past the last member read by take_line() (start: none)
  };

  // The lines of the innermost object from p (the start of a line) in `run`, while they are
  // taken (take_line()); where the first line not taken starts (`taken` counts those taken).
  const char* take_lines(const char* p, const field_run& run, std::size_t& taken) {
    return run_lines(p, run,
                     [&](const char* line, const char* k, const char* nl, const char* after, const char*& next)
                         __attribute__((always_inline)) {
                           if (!take_line(line, k, nl, after, &run, taken, next)) return false;
                           handed_over();
                           return true;
                         });
  }

  // The line [line, e) with its content from k (`after`: where the next line starts) as a
  // member of the innermost object, with its nested object's lines when `run` is given: true
  // with `next` where the line after what was taken starts (`taken` counts the lines), or
  // false when nothing was taken and the builder is as it was.
  [[gnu::always_inline]] bool take_line(const char* line, const char* k, const char* e, const char* after,
                                        const field_run* run, std::size_t& taken, const char*& next) {
    frame& f = *ftop_;
    const std::size_t held = static_cast<std::size_t>(stop_ - sbase_) - f.start;
    if (held >= 32 || k == e || *k == '-' || *k == '#' || *k == '\t' || e[-1] == ' ' || e[-1] == '\r')
      return false;  // trailing spaces, CR
    const char* c;
    std::string_view key;
    if (*k == '"') {
      // A quoted key without a backslash, its colon right after the closing quote: the key the
      // parser reads (its plain_quoted_key_colon()); not a header (`"key"[N]:`).
      c = fast::quoted_cell(k, e, line, ':');
      if (!c || c == e) return false;
      key = std::string_view(k + 1, static_cast<std::size_t>(c - k - 2));
    } else {
      // The key ends at the first ':' or '[', unless a '"' comes first (the parser's key_colon()).
      c = fast::find3(k, e, line, ':', '[', '"');
      if (c == k || c == e || *c == '"' || c[-1] == ' ' || c[-1] == '\t')
        return false;  // whitespace before the ':' or '[' (an error before a bracket)
      key = std::string_view(k, static_cast<std::size_t>(c - k));
    }
    for (const node_member* m = sbase_ + f.start; m != stop_; ++m)
      if (m->key_size_ == key.size() && (key.empty() || m->key_[0] == key[0]) && m->key() == key)
        return false;  // a repeated key: the parser's (the first byte first: keys of one length are common)
    node n;
    if (*c == '[') {  // an array (or keyed table): a level deeper, within the depth limit
      if (!run || run->room == 0) return false;
      if (e[-1] == ':') {  // perhaps a table's, a keyed table's or a list's header
        const int r = header_block(key, c + 1, e, after, *run, taken, next);
        if (r != 0) return r > 0;
      }
      if (!inline_array(n, c + 1, e, line)) return false;
    } else if (c + 1 == e) {
      return run && nested_object(key, after, *run, taken, next);
    } else {
      if (e - c < 3 || c[1] != ' ' || c[2] == ' ' || !line_value(n, c + 2, e, line)) return false;
    }
    stop_->key_ = keep(key, 0);
    stop_->key_size_ = static_cast<std::uint32_t>(key.size());
    stop_->value = n;
    if (++stop_ == send_) grow_stack();
    f.taken_end = static_cast<std::size_t>(stop_ - sbase_);
    ++taken;
    next = after;
    return true;
  }

  // `key:` opening an object whose lines start at p: all of them taken (`next`: where the line
  // after them starts), or none (the stack, the frames and the arena as they were).
  bool nested_object(std::string_view key, const char* p, const field_run& run, std::size_t& taken,
                     const char*& next) {
    if (run.indent == 0 || run.room == 0) return false;
    if (declined_before(p)) return false;
    const std::size_t slot = static_cast<std::size_t>(stop_ - sbase_);
    const std::size_t depth = static_cast<std::size_t>(ftop_ - frames_.data());
    document::block* const block = current_;
    const std::size_t used = used_;
    stop_->key_ = keep(key, 0);
    stop_->key_size_ = static_cast<std::uint32_t>(key.size());
    open(true, 0);
    const field_run sub{run.end, run.spaces + run.indent, run.indent, run.max_line, run.room - 1, run.eof};
    std::size_t lines = 0;
    const char* q = take_lines(p, sub, lines);
    if (lines == 0 || !run_block_end(q, run)) {
      drop_to(depth, slot, block, used);  // with what closed objects inside took of the same block
      remember_declined(p);
      return false;
    }
    close();
    ftop_->taken_end = static_cast<std::size_t>(stop_ - sbase_);
    taken += lines + 1;
    next = q;
    return true;
  }

  // ---- tables, keyed tables and lists under a `key[...]` header line ------------------------

  // The header line's content from p (after the key's '['; the line ends at e with ':',
  // `after` where the next line starts): 0 when it is none of `N]{names}:`, `N:]{names}:` and
  // `N]:` (N without leading zeros; `|` or a tab before the ']' for that delimiter); 1 when
  // the header and its rows or items were all taken (tables(), list()); -1 when not, nothing
  // kept.
  int header_block(std::string_view key, const char* p, const char* e, const char* after, const field_run& run,
                   std::size_t& taken, const char*& next) {
    const char* digits = p;
    std::size_t count = 0;
    while (p < e && *p >= '0' && *p <= '9' && p - digits < 9) count = count * 10 + static_cast<std::size_t>(*p++ - '0');
    if (p == digits || (*digits == '0' && p - digits > 1) || p == e) return 0;
    bool keyed = false;
    char delim = ',';
    if (*p == ':') {
      keyed = true;
      ++p;
    }
    if (p != e && (*p == '|' || *p == '\t')) delim = *p++;
    if (p == e || *p != ']') return 0;
    ++p;
    if (e - p == 1) return keyed ? -1 : list(key, count, after, run, taken, next);  // `N]:`
    if (*p != '{' || e - p < 4 || e[-2] != '}') return 0;
    return table(key, count, keyed, delim, p + 1, e - 2, after, run, taken, next);
  }

  // The most field names (groups included), group levels and entries of a keyed table read
  // here (more: the parser's).
  static constexpr std::size_t max_columns = 64;
  static constexpr std::size_t max_group_levels = 8;
  static constexpr std::size_t max_keyed_rows = 64;

  // A field name of a table's header, in pre-order; a group's fields follow it up to `end`.
  // `slot`: where its member stands in a row's members, the fields of each group (the header's
  // top level first) side by side; a group's own at `first`, `size` of them.
  struct column {  // trivial: an array of them is not initialized
    const char* name;
    std::uint32_t name_size;
    std::uint32_t end;
    std::uint32_t slot;
    std::uint32_t first;
    std::uint32_t size;
    bool group;
  };

  // The names of one level of a header's field list from p (after its '{'), appended to
  // cols[0, n) in pre-order: each a quoted name without a backslash (not empty) or plain (not
  // empty; no quote, backslash, space, tab, bracket, brace, colon or delimiter of any kind),
  // perhaps followed by its group's `{...}`, none twice in its group, separated by `delim`.
  // Returns where the level ends (past its '}'; e for the top level), or nullptr.
  const char* columns(const char* p, const char* e, char delim, column* cols, std::size_t& n, std::size_t level,
                      std::size_t& deepest) {
    if (level > max_group_levels) return nullptr;
    deepest = std::max(deepest, level);
    const std::size_t first = n;
    for (;;) {
      if (p == e || n == max_columns) return nullptr;
      const std::size_t me = n++;
      std::string_view name;
      if (*p == '"') {
        const char* q = p + 1;
        while (q != e && *q != '"' && *q != '\\') ++q;
        if (q == e || *q != '"' || q == p + 1) return nullptr;
        name = std::string_view(p + 1, static_cast<std::size_t>(q - p - 1));
        p = q + 1;
      } else {
        const char* s = p;
        for (; p != e; ++p) {
          const char c = *p;
          if (c == '"' || c == '\\' || c == ' ' || c == '\t' || c == '{' || c == '}' || c == '[' || c == ']' ||
              c == ':' || c == ',' || c == '|')
            break;
        }
        if (p == s) return nullptr;
        name = std::string_view(s, static_cast<std::size_t>(p - s));
      }
      for (std::size_t j = first; j < me; j = cols[j].end)
        if (std::string_view(cols[j].name, cols[j].name_size) == name) return nullptr;  // a repeated name: the parser's
      cols[me] = {name.data(), static_cast<std::uint32_t>(name.size()), 0, 0, 0, 0, false};
      if (p != e && *p == '{') {
        cols[me].group = true;
        p = columns(p + 1, e, delim, cols, n, level + 1, deepest);
        if (!p) return nullptr;
      }
      cols[me].end = static_cast<std::uint32_t>(n);
      if (p == e) return level == 1 ? p : nullptr;
      if (*p == '}') return level == 1 ? nullptr : p + 1;
      if (*p != delim) return nullptr;
      ++p;
    }
  }

  // A table's or keyed table's rows after its header, whose field list is [p, e) (between its
  // braces): taken when its names are as columns() reads them, and the `count` (> 0) lines
  // after the header are its rows one level deeper, each as the parser reads it — a table's:
  // cells with no colon anywhere on the line (which could make it a key-value line, §9.3); a
  // keyed table's: a `key: ` as take_line() reads keys, a key no earlier row has, then its
  // cells — each cell a token() and exactly one per name outside the groups' own, the line
  // after them ending the table (run_block_end()) and the depth limit leaving room for the
  // table, its rows' objects and their groups.
  int table(std::string_view key, std::size_t count, bool keyed, char delim, const char* p, const char* e,
            const char* after, const field_run& run, std::size_t& taken, const char*& next) {
    if (count == 0 || run.indent == 0 || (keyed && count > max_keyed_rows)) return -1;
    const std::size_t spaces = run.spaces + run.indent;
    if (count > static_cast<std::size_t>(run.end - after) / (spaces + 2) + 1) return -1;  // a row takes that much
    column cols[max_columns];
    std::size_t width = 0;
    std::size_t deepest = 0;
    if (!columns(p, e, delim, cols, width, 1, deepest) || run.room < 1 + deepest) return -1;
    // The slots: the top level's fields first, then each group's, in pre-order.
    std::uint32_t slots = 0;
    for (std::size_t i = 0; i < width; i = cols[i].end) cols[i].slot = slots++;
    for (std::size_t g = 0; g < width; ++g) {
      if (!cols[g].group) continue;
      cols[g].first = slots;
      for (std::size_t i = g + 1; i < cols[g].end; i = cols[i].end) cols[i].slot = slots++;
      cols[g].size = slots - cols[g].first;
    }
    if (declined_before(after)) return -1;
    document::block* const block = current_;
    const std::size_t used = used_;
    auto* rows = static_cast<node*>(allocate(count * sizeof(node), alignof(node)));
    auto* cells = static_cast<node_member*>(allocate(count * width * sizeof(node_member), alignof(node_member)));
    node_member* entries = keyed ? static_cast<node_member*>(allocate(count * sizeof(node_member), alignof(node_member)))
                                 : nullptr;
    std::size_t top = 0;  // the top level's fields
    for (std::size_t i = 0; i < width; i = cols[i].end) ++top;
    const char* q = after;
    bool ok = true;
    for (std::size_t i = 0; i < count && ok; ++i) {
      ok = false;
      if (!fast::indented(q, run.end, spaces)) break;
      const char* b = q + spaces;
      const char* re = run_line_end(b, run);
      if (!re || re == b || static_cast<std::size_t>(re - q) > run.max_line || re[-1] == ' ' || re[-1] == '\r' ||
          *b == '\t' || *b == '#')  // to be trimmed, a tab in the indentation, a comment (§5.1)
        break;
      if (keyed) {
        const char* c;
        std::string_view entry;
        if (*b == '"') {  // as take_line() reads a quoted key
          c = fast::quoted_cell(b, re, q, ':');
          if (!c || c == re) break;
          entry = std::string_view(b + 1, static_cast<std::size_t>(c - b - 2));
        } else {
          c = fast::find3(b, re, q, ':', '[', '"');
          if (c == b || c == re || *c != ':' || *b == '-' || c[-1] == ' ' || c[-1] == '\t') break;
          entry = std::string_view(b, static_cast<std::size_t>(c - b));
        }
        if (re - c < 3 || c[1] != ' ' || c[2] == ' ') break;
        bool repeated = false;
        for (std::size_t j = 0; j < i && !repeated; ++j) repeated = entries[j].key() == entry;
        if (repeated) break;
        entries[i].key_ = entry.data();
        entries[i].key_size_ = static_cast<std::uint32_t>(entry.size());
        b = c + 2;
      } else if (std::memchr(b, ':', static_cast<std::size_t>(re - b))) {
        break;
      }
      node_member* m = cells + i * width;
      if (!row_cells(m, cols, width, b, re, q, delim)) break;
      node& row = keyed ? entries[i].value : rows[i];
      row = node{};
      row.kind_ = node::kind::object;
      row.size_ = static_cast<std::uint32_t>(top);
      row.u_.m = m;
      q = run_next_line(re, run);
      ok = true;
    }
    if (!ok || !run_block_end(q, run)) {
      if (current_ == block) used_ = used;
      remember_declined(after);
      return -1;
    }
    node n;
    n.size_ = static_cast<std::uint32_t>(count);
    if (keyed) {
      n.kind_ = node::kind::object;
      n.u_.m = entries;
    } else {
      n.kind_ = node::kind::array;
      n.u_.a = rows;
    }
    frame& f = *ftop_;
    stop_->key_ = keep(key, 0);
    stop_->key_size_ = static_cast<std::uint32_t>(key.size());
    stop_->value = n;
    if (++stop_ == send_) grow_stack();
    f.taken_end = static_cast<std::size_t>(stop_ - sbase_);
    taken += count + 1;
    next = q;
    return 1;
  }

  // The cells [p, e) of a row (its line from `line`) into the row's members m (one per
  // column, at its slot; a group's holding its fields' object): exactly one token() per
  // column outside the groups' own, in order, separated by `delim`.
  bool row_cells(node_member* m, const column* cols, std::size_t width, const char* p, const char* e,
                 const char* line, char delim) {
    for (std::size_t j = 0; j < width; ++j) {
      const column& c = cols[j];
      node_member& to = m[c.slot];
      to.key_ = c.name;
      to.key_size_ = c.name_size;
      to.value = node{};  // the arena's bytes are not a node yet
      if (c.group) {
        to.value.kind_ = node::kind::object;
        to.value.size_ = c.size;
        to.value.u_.m = m + c.first;
        continue;
      }
      if (p == e) return false;
      const char* q = *p == '"' ? fast::quoted_cell(p, e, line, delim) : fast::find3(p, e, line, delim, '"', '\\');
      if (!q || (q != e && *q != delim) || q == p || !token(to.value, p, q, line, delim)) return false;
      p = q == e ? q : q + 1;
      if (q != e && p == e) return false;  // a delimiter ends the line
    }
    return p == e;
  }

  // `key[N]:` and the N items of its list after it (`after`), taken all together (take_items())
  // when the line after them ends the list (run_block_end()) and the depth limit leaves room
  // for the list and its items' objects; or none (the stack, the frames and the arena as they
  // were).
  int list(std::string_view key, std::size_t count, const char* after, const field_run& run, std::size_t& taken,
           const char*& next) {
    if (run.indent == 0 || run.room < 2 || declined_before(after)) return -1;
    const std::size_t slot = static_cast<std::size_t>(stop_ - sbase_);
    const std::size_t depth = static_cast<std::size_t>(ftop_ - frames_.data());
    document::block* const block = current_;
    const std::size_t used = used_;
    stop_->key_ = keep(key, 0);
    stop_->key_size_ = static_cast<std::uint32_t>(key.size());
    open(false, 0);
    const field_run items{run.end, run.spaces + run.indent, run.indent, run.max_line, run.room - 1, run.eof};
    std::size_t lines = 0;
    const char* q = take_items(after, count, items, lines);
    if (!q || !run_block_end(q, run)) {
      drop_to(depth, slot, block, used);
      remember_declined(after);
      return -1;
    }
    close();
    ftop_->taken_end = static_cast<std::size_t>(stop_ - sbase_);
    taken += lines + 1;
    next = q;
    return 1;
  }

  // The `count` items of the open list from q (the start of a line), each a line of exactly
  // `run.spaces` spaces, `- ` (one space) and either a value that line_value() reads, with no
  // colon anywhere in it, or the first member of the item's object as take_line() reads it at
  // the indentation of the item's other members (one level deeper; an object, table or list
  // of that member one level deeper again, as the parser places them), then the other
  // members' lines, take_lines(). Where the line after them starts, or nullptr (the caller
  // drops what was placed: drop_to()); `taken` counts the lines.
  const char* take_items(const char* q, std::size_t count, const field_run& run, std::size_t& taken) {
    if (run.room == 0 || run.indent == 0) return nullptr;
    const field_run sub{run.end, run.spaces + run.indent, run.indent, run.max_line, run.room - 1, run.eof};
    for (std::size_t i = 0; i < count; ++i) {
      if (!fast::indented(q, run.end, run.spaces)) return nullptr;
      const char* h = q + run.spaces;
      const char* nl = run_line_end(h, run);
      if (nl == nullptr || nl - h < 3 || h[0] != '-' || h[1] != ' ' || h[2] == ' ' || nl[-1] == ' ' ||
          nl[-1] == '\r' || static_cast<std::size_t>(nl - q) > run.max_line)
        return nullptr;
      const char* after = run_next_line(nl, run);
      const char* rest = h + 2;
      if (!std::memchr(rest, ':', static_cast<std::size_t>(nl - rest))) {  // a primitive
        node v;
        if (!line_value(v, rest, nl, q)) return nullptr;
        stop_->value = v;
        if (++stop_ == send_) grow_stack();
        handed_over();
        ++taken;
        q = after;
        continue;
      }
      open(true, 0);
      const char* next;
      if (!take_line(q, rest, nl, after, &sub, taken, next)) return nullptr;
      q = take_lines(next, sub, taken);
      close();
      handed_over();
    }
    return q;
  }

  // Back to `depth` open frames and `slot` children on the stack, the arena's current block as
  // it was when it was `block` with `used` bytes (what a declined read placed, dropped).
  void drop_to(std::size_t depth, std::size_t slot, document::block* block, std::size_t used) noexcept {
    ftop_ = frames_.data() + depth;
    stop_ = sbase_ + slot;
    if (current_ == block) used_ = used;
  }

  // Records that what starts at p was declined (a full list records no more).
  void remember_declined(const char* p) noexcept {
    if (declined_count_ < max_declined) declined_[declined_count_++] = p;
  }

  // Whether the object whose lines start at p was declined before (nested_object()). An
  // object that held a line the builder declines is read up to that line, then dropped: the
  // parser reads its `key:` line and offers its lines from p again, where the objects nested in
  // it that held the line are asked for again, each one level further in (manifests: a
  // Deployment's `spec:` holds `containers[1]:` three objects down; openapi: a path's `get:`
  // holds a table). Asked again, such an object is declined at once rather than read up to
  // that line again. Declining is always safe (the parser reads what the builder does not
  // take); the objects the parser has gone past (before p: lines are offered in order) are
  // forgotten.
  bool declined_before(const char* p) noexcept {
    if (declined_count_ == 0) return false;
    bool hit = false;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < declined_count_; ++i) {
      if (declined_[i] == p) hit = true;
      if (declined_[i] >= p) declined_[kept++] = declined_[i];
    }
    declined_count_ = kept;
    return hit;
  }

  // `N]: a,b,c` from p (after the key's '['), the line ending at e: exactly N values, each as
  // line_value() reads it up to the delimiter. Nothing kept when declined.
  bool inline_array(node& n, const char* p, const char* e, const char* line) {
    std::size_t count = 0;
    char delim = ',';
    p = fast::bracket(p, e, count, delim);
    if (!p || e - p < 3 || p[0] != ':' || p[1] != ' ' || p[2] == ' ') return false;
    p += 2;
    if (count > static_cast<std::size_t>(e - p + 1) / 2) return false;  // each cell and delimiter take 2 bytes
    document::block* const block = current_;
    const std::size_t used = used_;
    auto* elements = static_cast<node*>(allocate(count * sizeof(node), alignof(node)));
    for (std::size_t i = 0;; ++p) {
      // A delimiter that ends the line leaves an empty cell: nothing past e is read (the text
      // may end there, for a consumer's reads: view_input()).
      if (p == e) break;
      const char* q = *p == '"' ? fast::quoted_cell(p, e, line, delim) : fast::find3(p, e, line, delim, '"', '\\');
      elements[i] = node{};  // the arena's bytes are not a node yet
      if (!q || (q != e && *q != delim) || q == p || !token(elements[i], p, q, line, delim)) break;
      p = q;
      if (++i == count) {
        if (p != e) break;
        n.kind_ = node::kind::array;
        n.size_ = static_cast<std::uint32_t>(count);
        n.u_.a = elements;
        return true;
      }
      if (p == e) break;
    }
    if (current_ == block) used_ = used;
    return false;
  }

  // The value [v, e) of a `key: value` line (not empty, [line, e) readable) as its event's node,
  // or false.
  [[gnu::always_inline]] bool line_value(node& n, const char* v, const char* e, const char* line) {
    if (*v != '"' && fast::find3(v, e, line, '\n', '"', '\\') != e) return false;  // a quote or backslash inside
    return token(n, v, e, line, '\n');
  }

  // One token [v, e) (not empty; unquoted: no quote or backslash in it; quoted: as
  // fast::quoted_cell() found it) into `n` (a null node) as the parser's event for it, or
  // false: a quoted string without escapes, `null`, `true`, `false`, a token that is a string
  // whatever follows its first byte, or one starting with a digit, or '-' and a digit, that
  // read_digits() decides (strings such as `2025-01-15`, `1.28.2`, `05`, `-05`; integers of up
  // to 18 digits; decimals of up to 15 without an exponent; `-0` and `-0.0` are 0), or '-'
  // without a digit after it (a string). Not a token starting with '[', not one with spaces
  // around it.
  [[gnu::always_inline]] bool token(node& n, const char* v, const char* e, const char* line, char delim) {
    const std::size_t len = static_cast<std::size_t>(e - v);
    const char c = *v;
    if (c == '"') {  // a quoted string without a backslash whose only other quote is its last byte
      if (fast::quoted_cell(v, e, line, delim) != e) return false;
      return text_node(n, node::kind::string, std::string_view(v + 1, len - 2), 0);
    }
    if (c == '[' || c == ' ' || e[-1] == ' ') return false;
    if (plain_string_start(c)) return text_node(n, node::kind::string, std::string_view(v, len), 0);
    std::int64_t i;
    double d;
    if (c == '-') {  // a negative number as read_digits() decides its digits, else a string
      if (len < 2 || v[1] < '0' || v[1] > '9') return text_node(n, node::kind::string, std::string_view(v, len), 0);
      switch (read_digits(std::string_view(v + 1, len - 1), i, d)) {
        case digits_kind::string: return text_node(n, node::kind::string, std::string_view(v, len), 0);
        case digits_kind::integer:
          n.kind_ = node::kind::integer;
          n.u_.i = -i;
          return true;
        case digits_kind::real:
          n.kind_ = node::kind::real;
          n.u_.d = d != 0 ? -d : d;  // -0 decodes to 0
          return true;
        case digits_kind::undecided: break;
      }
      return false;
    }
    if (len == 4 && std::memcmp(v, "null", 4) == 0) return true;  // `n` is null (node{})
    if (len == 4 && std::memcmp(v, "true", 4) == 0) {
      n.kind_ = node::kind::boolean;
      n.u_.b = true;
      return true;
    }
    if (len == 5 && std::memcmp(v, "false", 5) == 0) {
      n.kind_ = node::kind::boolean;
      n.u_.b = false;
      return true;
    }
    if (c < '0' || c > '9')  // `t`, `f` or `n` and not a literal
      return text_node(n, node::kind::string, std::string_view(v, len), 0);
    // Digits, as the parser reads them (read_digits()).
    switch (read_digits(std::string_view(v, len), i, d)) {
      case digits_kind::string: return text_node(n, node::kind::string, std::string_view(v, len), 0);
      case digits_kind::integer:
        n.kind_ = node::kind::integer;
        n.u_.i = i;
        return true;
      case digits_kind::real:
        n.kind_ = node::kind::real;
        n.u_.d = d;
        return true;
      case digits_kind::undecided: break;
    }
    return false;
  }

  void* allocate(std::size_t bytes, std::size_t align) {
    std::size_t at = (used_ + (align - 1)) & ~(align - 1);
    if (!current_ || at + bytes > current_->size) {
      grow(bytes + align);
      at = (used_ + (align - 1)) & ~(align - 1);
    }
    used_ = at + bytes;
    return reinterpret_cast<char*>(current_ + 1) + at;
  }

  void grow(std::size_t at_least) {
    std::size_t size = std::max(next_block_, at_least);
    void* p = std::malloc(sizeof(document::block) + size);
    if (!p) throw std::bad_alloc();
    auto* b = static_cast<document::block*>(p);
    b->next = doc_.blocks_;
    b->size = size;
    doc_.blocks_ = b;
    current_ = b;
    used_ = 0;
    // Later blocks grow with the document, so a large one needs few of them.
    next_block_ = std::min<std::size_t>(size * 2, std::size_t(1) << 30);
  }

  // The text of a view, kept: itself when it lies in the copied input, else copied.
  [[gnu::always_inline]] const char* keep(std::string_view s, std::size_t offset) {
    if (s.data() >= input_begin_ && s.data() + s.size() <= input_end_ &&
        s.size() <= std::numeric_limits<std::uint32_t>::max())
      return s.data();
    return keep_copy(s, offset);
  }

  [[gnu::noinline]] const char* keep_copy(std::string_view s, std::size_t offset) {
    if (s.size() > std::numeric_limits<std::uint32_t>::max())
      return fail(error_code::size_limit, "a string of 4 GiB or more does not fit a document node", offset), nullptr;
    if (s.data() >= input_begin_ && s.data() + s.size() <= input_end_) return s.data();
    if (s.empty()) return "";
    char* p = static_cast<char*>(allocate(s.size(), 1));
    std::memcpy(p, s.data(), s.size());
    return p;
  }

  [[gnu::always_inline]] bool text_node(node& n, node::kind k, std::string_view s, std::size_t offset) {
    const char* p = keep(s, offset);
    if (!p) return false;
    n.kind_ = k;
    n.size_ = static_cast<std::uint32_t>(s.size());
    n.u_.s = p;
    return true;
  }

  bool cell(node& n, const scalar& c) {
    switch (c.type) {
      case scalar::kind::null: n = node{}; return true;
      case scalar::kind::boolean: n.kind_ = node::kind::boolean; n.u_.b = c.b; return true;
      case scalar::kind::integer: n.kind_ = node::kind::integer; n.u_.i = c.i; return true;
      case scalar::kind::uinteger: n.kind_ = node::kind::uinteger; n.u_.u = c.u; return true;
      case scalar::kind::real: n.kind_ = node::kind::real; n.u_.d = c.d; return true;
      case scalar::kind::big_integer: return text_node(n, node::kind::big_integer, c.text, c.offset);
      case scalar::kind::string: return text_node(n, node::kind::string, c.text, c.offset);
    }
    return true;
  }

  // A row of a table that names a column twice (non-strict mode): the last cell wins, at the
  // column's first position.
  bool repeated_column_row(const scalar* cells, std::size_t count, std::size_t offset) {
    if (!open(true, offset)) return false;
    for (std::size_t j = 0; j < count; ++j) {
      if (!key(columns_[j], offset)) return false;
      node n;
      if (!cell(n, cells[j]) || !place(n)) return false;
    }
    return close();
  }

  // The stack and the frames keep one free slot on top at all times (grown as soon as it is
  // used), so that key(), place() and open() write without a bounds check first.
  bool open(bool object, std::size_t) {
    const std::size_t start = static_cast<std::size_t>(stop_ - sbase_);
    if (++ftop_ == fend_) grow_frames();
    *ftop_ = {start, object, npos, stop_->key_, stop_->key_size_, start};
    if (object && !unique_keys_) keys_.open(static_cast<std::size_t>(ftop_ - frames_.data()));
    return true;
  }

  bool close() {
    node_member* first = sbase_ + ftop_->start;
    const bool object = ftop_->object;
    const char* own_key = ftop_->key;
    const std::uint32_t own_key_size = ftop_->key_size;
    --ftop_;
    const std::size_t count = static_cast<std::size_t>(stop_ - first);
    if (count > std::numeric_limits<std::uint32_t>::max())
      return fail(error_code::size_limit, "a container of 2^32 or more entries does not fit a document node", 0);
    stop_ = first;
    node n;
    n.size_ = static_cast<std::uint32_t>(count);
    if (object) {
      n.kind_ = node::kind::object;
      auto* members = static_cast<node_member*>(allocate(count * sizeof(node_member), alignof(node_member)));
      // Most objects have a few members: copied inline below eight, by memcpy above.
      if (count < 8) {
        for (std::size_t i = 0; i < count; ++i) members[i] = first[i];
      } else {
        std::memcpy(static_cast<void*>(members), first, count * sizeof(node_member));
      }
      n.u_.m = members;
    } else {
      n.kind_ = node::kind::array;
      auto* elements = static_cast<node*>(allocate(count * sizeof(node), alignof(node)));
      for (std::size_t i = 0; i < count; ++i) elements[i] = first[i].value;
      n.u_.a = elements;
    }
    first->key_ = own_key;
    first->key_size_ = own_key_size;
    return place(n);
  }

  bool place(const node& n) {
    if (!unique_keys_) {
      frame& f = *ftop_;
      if (f.replace != npos) {
        sbase_[f.replace].value = n;
        f.replace = npos;
        return true;
      }
    }
    // The key, for an object, is already in the slot (key()).
    stop_->value = n;
    if (++stop_ == send_) grow_stack();
    return true;
  }

  void grow_stack() {
    const std::size_t used = static_cast<std::size_t>(stop_ - sbase_);
    stack_.resize(stack_.size() * 2);
    sbase_ = stack_.data();
    stop_ = sbase_ + used;
    send_ = sbase_ + stack_.size();
  }

  void grow_frames() {
    const std::size_t used = static_cast<std::size_t>(ftop_ - frames_.data());
    frames_.resize(frames_.size() * 2);
    ftop_ = frames_.data() + used;
    fend_ = frames_.data() + frames_.size();
  }

  document& doc_;
  bool unique_keys_;
  document::block* current_ = nullptr;
  std::size_t used_ = 0;
  std::size_t next_block_ = 0;
  const char* input_begin_ = nullptr;
  const char* input_end_ = nullptr;
  std::vector<node_member> stack_;  // storage of the stack: children of the open containers
  node_member* sbase_ = nullptr;
  node_member* stop_ = nullptr;  // the free slot on top
  node_member* send_ = nullptr;
  std::vector<frame> frames_;  // storage of the open containers' frames, the root's first
  frame* ftop_ = nullptr;      // the innermost open container's frame
  frame* fend_ = nullptr;
  std::vector<std::string_view> columns_;
  bool columns_repeat_ = false;
  key_index_stack keys_;  // non-strict mode: repeated keys of large objects
  // Where the lines of the nested objects declined since the parser went past them start
  // (declined_before()); a full list records no more (a missed entry only costs a retry).
  static constexpr std::size_t max_declined = 64;
  const char* declined_[max_declined] = {};
  std::size_t declined_count_ = 0;
  line_consumer* out_ = nullptr;  // reading lines for another consumer (view_input())
};

}  // namespace detail

}  // namespace toon
