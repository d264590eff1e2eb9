// json_tape.hpp - a compact, read-only tape of JSON text for toon::json_to_toon (internal).
//
// toon::json_to_toon encodes JSON text without building toon::value trees: one pass over the
// text fills a tape of 8-byte entries, and the tree encoder (tree_encoder.hpp) walks it
// through the document model below, making the decisions it makes for toon::value.
//
// Entries, in document order (a container's entry is followed by its contents):
//   - string / key: bytes of the input (no escape in the text) or of the tape's arena
//     (unescaped), as offset and length; a key of the input that needs no quotes in TOON
//     (§7.3) is tagged `bare` (known for the keys of objects of up to 16 members, found once
//     per distinct key list);
//   - number_text: a number written as its token in the input: an integer (int64, uint64 or
//     a big integer: its digits), or a decimal whose TOON form is its own text (see
//     json_tape_builder::number());
//   - real: an index into the tape's doubles (any other number);
//   - null, false, true;
//   - array: element count and the index past its last entry;
//   - object: member count and the index past its last entry; each member is a key entry
//     followed by the value's entries.
// Strings do not copy the input unless they hold escapes, so the input must outlive the tape.
// The tape takes about as many bytes as the input has structural tokens times 4 (a member
// `"key": value` is two entries, 16 bytes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shape.hpp"
#include "toon/detail/writer.hpp"

namespace toon::detail {

class tape_key;

/// The tape of one JSON document (see above).
class json_tape {
 public:
  enum class tag : std::uint8_t { null, boolean_false, boolean_true, number_text, real, string, escaped, bare, array, object };

  /// One entry: `head` = tag (4 bits) and length or count (28 bits); `tail` = offset, index of
  /// a double, or index past a container.
  struct entry {
    std::uint32_t head;
    std::uint32_t tail;
  };

  static constexpr std::uint32_t max_length = (std::uint32_t(1) << 28) - 1;

  /// The entries: a malloc'd array grown with realloc (which remaps large blocks instead of
  /// copying them), reserved generously since untouched pages cost no memory.
  class entry_buffer {
   public:
    entry_buffer() noexcept = default;
    entry_buffer(const entry_buffer&) = delete;
    entry_buffer& operator=(const entry_buffer&) = delete;
    entry_buffer(entry_buffer&& o) noexcept
        : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)), capacity_(std::exchange(o.capacity_, 0)) {}
    entry_buffer& operator=(entry_buffer&& o) noexcept {
      std::swap(data_, o.data_);
      std::swap(size_, o.size_);
      std::swap(capacity_, o.capacity_);
      return *this;
    }
    ~entry_buffer() { std::free(data_); }

    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
    [[nodiscard]] entry* data() noexcept { return data_; }
    /// Sets the size to `n` <= capacity() (entries written through data()).
    void set_size(std::size_t n) noexcept { size_ = n; }
    entry& operator[](std::size_t i) noexcept { return data_[i]; }
    const entry& operator[](std::size_t i) const noexcept { return data_[i]; }
    void clear() noexcept { size_ = 0; }
    /// Room for `n` entries in all (throws std::bad_alloc).
    void reserve(std::size_t n) {
      if (n <= capacity_) return;
      void* p = std::realloc(data_, n * sizeof(entry));
      if (p == nullptr) throw std::bad_alloc();
      data_ = static_cast<entry*>(p);
      capacity_ = n;
    }
    TOON_DETAIL_ALWAYS_INLINE void push_back(entry e) {
      if (size_ == capacity_) [[unlikely]]
        reserve(capacity_ * 2 + 64);
      data_[size_++] = e;
    }

   private:
    entry* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
  };

  /// Fills the tape from `json` (a whole document whose root is an array or an object, an
  /// optional UTF-8 byte order mark first). Returns false when the text is not such a document
  /// of valid JSON that this tape represents exactly: invalid JSON, a root scalar, a
  /// repeated key in an object, nesting deeper than `max_depth`, a string or container
  /// beyond max_length, input of 4 GiB or more, a number outside the double range, or a
  /// \u escape of a surrogate that is not a well-formed pair. The caller then takes the
  /// toon::value path, which reports the error (or handles the case) as it always has.
  bool parse(std::string_view json, std::size_t max_depth);

  [[nodiscard]] tag tag_at(std::uint32_t i) const noexcept { return static_cast<tag>(entries_[i].head & 15U); }
  [[nodiscard]] std::uint32_t length_at(std::uint32_t i) const noexcept { return entries_[i].head >> 4; }
  [[nodiscard]] std::uint32_t tail_at(std::uint32_t i) const noexcept { return entries_[i].tail; }
  /// Index just past the entry at `i` and its contents.
  [[nodiscard]] std::uint32_t next(std::uint32_t i) const noexcept {
    return tag_at(i) >= tag::array ? entries_[i].tail : i + 1;
  }
  /// The text of a string, key or number_text entry.
  [[nodiscard]] std::string_view text_at(std::uint32_t i) const noexcept {
    const char* base = tag_at(i) == tag::escaped ? arena_.data() : input_;
    return {base + entries_[i].tail, length_at(i)};
  }
  [[nodiscard]] double real_at(std::uint32_t i) const noexcept { return reals_[entries_[i].tail]; }
  /// The key entry at `i` (see tape_key).
  [[nodiscard]] inline tape_key key_at(std::uint32_t i) const noexcept;

  /// A tape holding one null entry (the model's null_value()).
  static const json_tape& null_tape() noexcept;

  /// The sum over containers of their member or element count times their nesting depth
  /// (the root is at depth 0): with the input's size, an estimate of the TOON text's size
  /// (each member or element indented by its depth on a line of its own), so that the output
  /// can be reserved once.
  [[nodiscard]] std::size_t indent_units() const noexcept { return indent_units_; }

 private:
  friend class json_tape_builder;

  const char* input_ = nullptr;
  entry_buffer entries_;
  std::vector<double> reals_;
  std::string arena_;  // unescaped strings and keys
  std::size_t indent_units_ = 0;
};

// ---- the document model of the tape (shape.hpp) --------------------------------------------

/// A member's key: its text, and whether it is known to need no quotes (then the writer copies
/// it without looking at it). Two words, the length and the flag packed in one, so that it
/// is made and passed in registers (GCC builds a {pointer, length, bool} on the stack in parts
/// and reads it back whole, which stalls store forwarding on every call).
class tape_key {
 public:
  tape_key(const char* data, std::uint32_t size, bool bare) noexcept
      : data_(data), packed_(size | static_cast<std::uint64_t>(bare) << 63) {}
  [[nodiscard]] std::string_view text() const noexcept { return {data_, static_cast<std::uint32_t>(packed_)}; }
  [[nodiscard]] bool bare() const noexcept { return (packed_ >> 63) != 0; }
  operator std::string_view() const noexcept { return text(); }  // NOLINT: a key is its text

 private:
  const char* data_;
  std::uint64_t packed_;  // size, and bare() in bit 63
};

inline tape_key json_tape::key_at(std::uint32_t i) const noexcept {
  const tag t = tag_at(i);
  const char* base = t == tag::escaped ? arena_.data() : input_;
  return {base + entries_[i].tail, length_at(i), t == tag::bare};
}

class tape_array;
class tape_object;

/// A node of the tape.
class tape_value {
 public:
  tape_value(const json_tape* t, std::uint32_t i) noexcept : t_(t), i_(i) {}

  [[nodiscard]] json_tape::tag tag() const noexcept { return t_->tag_at(i_); }
  [[nodiscard]] bool is_array() const noexcept { return tag() == json_tape::tag::array; }
  [[nodiscard]] bool is_object() const noexcept { return tag() == json_tape::tag::object; }
  [[nodiscard]] bool is_primitive() const noexcept { return tag() < json_tape::tag::array; }
  [[nodiscard]] bool is_string() const noexcept {
    return tag() == json_tape::tag::string || tag() == json_tape::tag::escaped || tag() == json_tape::tag::bare;
  }
  [[nodiscard]] std::string_view as_string() const noexcept { return t_->text_at(i_); }
  [[nodiscard]] inline tape_array as_array() const noexcept;
  [[nodiscard]] inline tape_object as_object() const noexcept;

  [[nodiscard]] const json_tape& tape() const noexcept { return *t_; }
  [[nodiscard]] std::uint32_t index() const noexcept { return i_; }

 private:
  const json_tape* t_;
  std::uint32_t i_;
};

/// What a tape object's find() returns: a node, or none (compares equal to nullptr).
class tape_ptr {
 public:
  tape_ptr(std::nullptr_t) noexcept : v_(nullptr, 0), ok_(false) {}  // NOLINT: like a pointer
  explicit tape_ptr(tape_value v) noexcept : v_(v), ok_(true) {}
  const tape_value* operator->() const noexcept { return &v_; }
  const tape_value& operator*() const noexcept { return v_; }
  friend bool operator==(const tape_ptr& p, std::nullptr_t) noexcept { return !p.ok_; }

 private:
  tape_value v_;
  bool ok_;
};

/// A member of an object node.
struct tape_member {
  tape_key key;
  tape_value value;
};

/// Iterates the elements of an array node (tape_value) or the members of an object node
/// (tape_member: a key entry, then the value's entries).
template <bool Members>
class tape_iterator {
 public:
  tape_iterator(const json_tape* t, std::uint32_t i) noexcept : t_(t), i_(i) {}
  auto operator*() const noexcept {
    if constexpr (Members) return tape_member{t_->key_at(i_), tape_value(t_, i_ + 1)};
    else return tape_value(t_, i_);
  }
  tape_iterator& operator++() noexcept {
    i_ = t_->next(Members ? i_ + 1 : i_);
    return *this;
  }
  friend bool operator==(const tape_iterator& a, const tape_iterator& b) noexcept { return a.i_ == b.i_; }

 private:
  const json_tape* t_;
  std::uint32_t i_;
};

/// An array node: iterates its elements.
class tape_array {
 public:
  tape_array(const json_tape* t, std::uint32_t i) noexcept : t_(t), i_(i) {}

  using iterator = tape_iterator<false>;

  [[nodiscard]] std::size_t size() const noexcept { return t_->length_at(i_); }
  [[nodiscard]] bool empty() const noexcept { return size() == 0; }
  [[nodiscard]] tape_value front() const noexcept { return {t_, i_ + 1}; }
  [[nodiscard]] iterator begin() const noexcept { return {t_, i_ + 1}; }
  [[nodiscard]] iterator end() const noexcept { return {t_, t_->tail_at(i_)}; }

 private:
  const json_tape* t_;
  std::uint32_t i_;
};

/// An object node: iterates its members in document order (keys are unique: the tape has
/// no object with a repeated key).
class tape_object {
 public:
  tape_object() noexcept = default;
  tape_object(const json_tape* t, std::uint32_t i) noexcept : t_(t), i_(i) {}

  using iterator = tape_iterator<true>;

  [[nodiscard]] std::size_t size() const noexcept { return t_->length_at(i_); }
  [[nodiscard]] bool empty() const noexcept { return size() == 0; }
  [[nodiscard]] iterator begin() const noexcept { return {t_, i_ + 1}; }
  [[nodiscard]] iterator end() const noexcept { return {t_, t_->tail_at(i_)}; }
  /// The value under `key`, or nullptr.
  [[nodiscard]] tape_ptr find(std::string_view key) const noexcept {
    const std::uint32_t end = t_->tail_at(i_);
    for (std::uint32_t k = i_ + 1; k < end; k = t_->next(k + 1))
      if (same_key(t_->text_at(k), key)) return tape_ptr(tape_value(t_, k + 1));
    return nullptr;
  }

 private:
  const json_tape* t_ = nullptr;
  std::uint32_t i_ = 0;
};

inline tape_array tape_value::as_array() const noexcept { return {t_, i_}; }
inline tape_object tape_value::as_object() const noexcept { return {t_, i_}; }

/// The document model of the tape (shape.hpp).
struct tape_model {
  using value_type = tape_value;
  using array_type = tape_array;
  using object_type = tape_object;
  using value_ptr = tape_ptr;
  using object_ref = tape_object;
  using key_type = tape_key;
  static value_ptr ptr(const tape_value& v) noexcept { return tape_ptr(v); }
  static std::optional<tape_object> object_if(const tape_value& v) noexcept {
    if (!v.is_object()) return std::nullopt;
    return v.as_object();
  }
  static object_ref ref(const tape_object& o) noexcept { return o; }
  static tape_object deref(object_ref r) noexcept { return r; }
  static tape_value null_value() noexcept { return {&json_tape::null_tape(), 0}; }
  TOON_DETAIL_ALWAYS_INLINE static void key(writer& w, const tape_key& k) {
    if (k.bare()) w.bare_key(k.text());
    else w.key(k.text());
  }
  /// A bare key's line start with one bounds check (writer::bare_key_line()).
  TOON_DETAIL_ALWAYS_INLINE static void key_line(writer& w, const tape_key& k, std::size_t depth) {
    if (k.bare()) {
      w.bare_key_line(depth, k.text());
    } else {
      w.begin_line(depth);
      w.key(k.text());
      w.colon_space();
    }
  }
  /// json_to_toon with a text_sink flushes between items.
  static constexpr bool checkpoints = true;
  TOON_DETAIL_ALWAYS_INLINE static void primitive(writer& w, const tape_value& v, delimiter d) {
    const json_tape& t = v.tape();
    const std::uint32_t i = v.index();
    switch (t.tag_at(i)) {
      case json_tape::tag::null: w.null(); return;
      case json_tape::tag::boolean_false: w.boolean(false); return;
      case json_tape::tag::boolean_true: w.boolean(true); return;
      case json_tape::tag::number_text: {
        // The token is in canonical form (the JSON grammar has no '+' and no leading zeros;
        // decimals are kept as text only when canonical), except "-0", which reads as the
        // integer 0.
        const std::string_view digits = t.text_at(i);
        if (digits.size() == 2 && digits[0] == '-' && digits[1] == '0') w.raw('0');
        else w.short_raw(digits);
        return;
      }
      case json_tape::tag::real: w.number(t.real_at(i)); return;
      case json_tape::tag::string:
      case json_tape::tag::escaped:
      case json_tape::tag::bare: w.string(t.text_at(i), d); return;
      case json_tape::tag::array:
      case json_tape::tag::object: return;
    }
  }
};

template <>
struct model_of<tape_value> {
  using type = tape_model;
};
template <>
struct model_of<tape_object> {
  using type = tape_model;
};
template <>
struct model_of<tape_array> {
  using type = tape_model;
};

}  // namespace toon::detail
