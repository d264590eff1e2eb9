// toon::document: decoder events into nodes in one arena (include/toon/document.hpp).
//
// The input is copied into the arena first and decoded from there, so every unescaped string
// and key the parser hands out as a view of its input is kept as that view: only strings with
// escapes are copied. Containers are built the way rapidjson's reader builds its Document:
// children wait on one reused stack and move into the arena, contiguous, when their container
// closes. Table rows skip the stack: a row's members are written to the arena directly, with the
// table's column names stored once and shared by every row.
#include "toon/document.hpp"
#include "toon/detail/linkage.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "toon/events.hpp"
#include "parse/bound_parse.hpp"

namespace toon {

// A block of the arena: this header, then its bytes.
struct document::block {
  block* next;
  std::size_t size;  // usable bytes after the header
};

namespace detail {

// Appends nodes to a document's arena and builds it from decoder events.
class document_builder final : public event_handler {
 public:
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
    *ftop_ = {0, false, npos, "", 0};
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
    if (!unique_keys_) {
      // A repeated key (non-strict mode) replaces the earlier value, at the first position.
      frame& f = *ftop_;
      f.replace = npos;
      for (node_member* m = sbase_ + f.start; m != stop_; ++m)
        if (m->key() == k) {
          f.replace = static_cast<std::size_t>(m - sbase_);
          return true;
        }
    }
    const char* s = keep(k, offset);
    if (!s) return false;
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
      if (!unique_keys_)
        for (std::size_t i = 0; i < j; ++i) columns_repeat_ = columns_repeat_ || columns_[i] == columns_[j];
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

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  struct frame {
    std::size_t start;    // index of the first child on the stack
    bool object;
    std::size_t replace;  // object, non-strict mode: index of the member the next value replaces, or npos
    const char* key;      // the key waiting in the container's own slot, kept while its children
    std::uint32_t key_size;  // use that slot
  };

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
  const char* keep(std::string_view s, std::size_t offset) {
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

  bool text_node(node& n, node::kind k, std::string_view s, std::size_t offset) {
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
    *ftop_ = {start, object, npos, stop_->key_, stop_->key_size_};
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
};

}  // namespace detail

TOON_FUNC const node& node::check(kind k) const {
  if (kind_ != k) throw std::bad_variant_access();
  return *this;
}

TOON_FUNC double node::to_double() const {
  switch (kind_) {
    case kind::integer: return static_cast<double>(u_.i);
    case kind::uinteger: return static_cast<double>(u_.u);
    case kind::real: return u_.d;
    case kind::big_integer: return std::strtod(std::string(u_.s, size_).c_str(), nullptr);
    default: throw std::bad_variant_access();
  }
}

TOON_FUNC const node* node::find(std::string_view key) const noexcept {
  for (const node_member& m : members())
    if (m.key() == key) return &m.value;
  return nullptr;
}

TOON_FUNC const node& node::operator[](std::string_view key) const {
  if (!is_object()) throw std::out_of_range("toon::node: not an object");
  const node* n = find(key);
  if (!n) throw std::out_of_range("toon::node: no member '" + std::string(key) + "'");
  return *n;
}

TOON_FUNC const node& node::operator[](std::size_t index) const {
  if (!is_array()) throw std::out_of_range("toon::node: not an array");
  if (index >= size_) throw std::out_of_range("toon::node: index out of range");
  return u_.a[index];
}

TOON_FUNC value node::to_value() const {
  switch (kind_) {
    case kind::null: return value();
    case kind::boolean: return value(u_.b);
    case kind::integer: return value(u_.i);
    case kind::uinteger: return value(u_.u);
    case kind::real: return value(u_.d);
    case kind::big_integer: return value(big_integer{std::string(u_.s, size_)});
    case kind::string: return value(std::string(u_.s, size_));
    case kind::array: {
      array a;
      a.reserve(size_);
      for (const node& e : elements()) a.push_back(e.to_value());
      return value(std::move(a));
    }
    case kind::object: {
      object o;
      o.reserve(size_);
      for (const node_member& m : members()) o.emplace_back(std::string(m.key()), m.value.to_value());
      return value(std::move(o));
    }
  }
  return value();
}

TOON_FUNC bool operator==(const node& a, const value& b) noexcept {
  using kind = node::kind;
  switch (a.type()) {
    case kind::array: {
      const array* arr = b.get_if<array>();
      if (!arr || arr->size() != a.size()) return false;
      for (std::size_t i = 0; i < arr->size(); ++i)
        if (!(a.u_.a[i] == (*arr)[i])) return false;
      return true;
    }
    case kind::object: {
      const object* obj = b.get_if<object>();
      if (!obj || obj->size() != a.size()) return false;
      std::size_t i = 0;
      for (const member& m : *obj) {
        const node_member& nm = a.u_.m[i++];
        if (nm.key() != m.key || !(nm.value == m.value)) return false;
      }
      return true;
    }
    case kind::string: {
      const std::string* s = b.get_if<std::string>();
      return s && *s == std::string_view(a.u_.s, a.size_);
    }
    case kind::null: return b.is_null();
    case kind::boolean: return b.is_bool() && b.as_bool() == a.u_.b;
    default:
      // Numbers compare by mathematical value, exactly as toon::value does.
      if (!b.is_number()) return false;
      try {
        return a.to_value() == b;
      } catch (...) {
        return false;
      }
  }
}

TOON_FUNC document::document(document&& other) noexcept : root_(other.root_), blocks_(other.blocks_) {
  other.root_ = node{};
  other.blocks_ = nullptr;
}

TOON_FUNC document& document::operator=(document&& other) noexcept {
  if (this != &other) {
    release();
    root_ = other.root_;
    blocks_ = other.blocks_;
    other.root_ = node{};
    other.blocks_ = nullptr;
  }
  return *this;
}

TOON_FUNC document::~document() { release(); }

TOON_FUNC void document::release() noexcept {
  while (blocks_) {
    block* next = blocks_->next;
    std::free(blocks_);
    blocks_ = next;
  }
  root_ = node{};
}

TOON_FUNC std::size_t document::memory_size() const noexcept {
  std::size_t total = 0;
  for (const block* b = blocks_; b; b = b->next) total += b->size;
  return total;
}

TOON_FUNC result<document> decode_document(std::string_view text, const decode_options& options) {
  document doc;
  detail::document_builder builder(doc, text.size() <= options.max_input_size ? text.size() : 0, options.strict);
  std::string_view copy = text.size() <= options.max_input_size ? builder.adopt_input(text) : text;
  // The parser bound to the builder at compile time (parse/bound_parse.hpp).
  result<void> r = detail::decode_whole_bound<detail::document_builder, detail::text_sink>(copy, builder, nullptr, options);
  if (!r) return r.error();
  builder.finish();
  return doc;
}

TOON_FUNC document decode_document_or_throw(std::string_view text, const decode_options& options) {
  return decode_document(text, options).value();
}

}  // namespace toon
