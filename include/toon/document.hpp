// toon/document.hpp - toon::document, a read-only decoded document in one arena: the fast
// way to read TOON you do not need to modify (docs/decoding.md, "Reading without copying").
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "toon/error.hpp"
#include "toon/options.hpp"
#include "toon/value.hpp"

namespace toon {

class document;
struct node_member;
namespace detail {
class document_builder;
}

/// One value of a toon::document (16 bytes, owned by the document, valid as long as it).
/// Kinds and accessors follow toon::value; strings are views into the document.
class node {
 public:
  /// The kind of the value, as toon::value::kind.
  using kind = value::kind;

  /// A null node (what find() of a missing key is compared against, and a default document).
  constexpr node() noexcept = default;

  [[nodiscard]] kind type() const noexcept { return kind_; }
  [[nodiscard]] bool is_null() const noexcept { return kind_ == kind::null; }
  [[nodiscard]] bool is_bool() const noexcept { return kind_ == kind::boolean; }
  [[nodiscard]] bool is_number() const noexcept {
    return kind_ == kind::integer || kind_ == kind::uinteger || kind_ == kind::real || kind_ == kind::big_integer;
  }
  [[nodiscard]] bool is_string() const noexcept { return kind_ == kind::string; }
  [[nodiscard]] bool is_array() const noexcept { return kind_ == kind::array; }
  [[nodiscard]] bool is_object() const noexcept { return kind_ == kind::object; }
  /// Null, bool, number or string.
  [[nodiscard]] bool is_primitive() const noexcept { return !is_array() && !is_object(); }

  /// Typed access; throws std::bad_variant_access on the wrong kind (as toon::value).
  [[nodiscard]] bool as_bool() const { return check(kind::boolean).u_.b; }
  [[nodiscard]] std::int64_t as_int64() const { return check(kind::integer).u_.i; }
  [[nodiscard]] std::uint64_t as_uint64() const { return check(kind::uinteger).u_.u; }
  [[nodiscard]] double as_double() const { return check(kind::real).u_.d; }
  /// The exact decimal digits of an integer outside the 64-bit range.
  [[nodiscard]] std::string_view as_big_integer() const {
    return {check(kind::big_integer).u_.s, size_};
  }
  [[nodiscard]] std::string_view as_string() const { return {check(kind::string).u_.s, size_}; }
  /// Any number as a double (big integers rounded); throws std::bad_variant_access otherwise.
  [[nodiscard]] double to_double() const;

  /// Elements of an array (empty for any other kind).
  [[nodiscard]] std::span<const node> elements() const noexcept {
    return kind_ == kind::array ? std::span<const node>(u_.a, size_) : std::span<const node>();
  }
  /// Members of an object, in document order (empty for any other kind).
  [[nodiscard]] std::span<const node_member> members() const noexcept;

  /// Elements of an array or members of an object; 0 for primitives.
  [[nodiscard]] std::size_t size() const noexcept { return is_array() || is_object() ? size_ : 0; }
  /// Object member lookup (linear, as toon::object): nullptr when not an object or absent.
  [[nodiscard]] const node* find(std::string_view key) const noexcept;
  /// Object member access; throws std::out_of_range when not an object or the key is absent.
  [[nodiscard]] const node& operator[](std::string_view key) const;
  /// Array element access; throws std::out_of_range when not an array or out of range.
  [[nodiscard]] const node& operator[](std::size_t index) const;

  /// A toon::value copy of this node and everything under it.
  [[nodiscard]] value to_value() const;

  /// JSON-model equality with a toon::value, as toon::value's operator== (numbers by
  /// mathematical value, objects by the same ordered keys).
  friend bool operator==(const node& a, const value& b) noexcept;

 private:
  friend class detail::document_builder;
  const node& check(kind k) const;

  kind kind_ = kind::null;
  std::uint32_t size_ = 0;  // string/big-integer bytes, array elements, object members
  union payload {
    bool b;
    std::int64_t i;
    std::uint64_t u;
    double d;
    const char* s;
    const node* a;
    const node_member* m;
  } u_{};
};

/// One member of an object node: a key (shared by the rows of one table) and its value.
struct node_member {
  /// The key.
  [[nodiscard]] std::string_view key() const noexcept { return {key_, key_size_}; }
  /// The value.
  node value;

 private:
  friend class detail::document_builder;
  const char* key_ = "";
  std::uint32_t key_size_ = 0;
};

inline std::span<const node_member> node::members() const noexcept {
  return kind_ == kind::object ? std::span<const node_member>(u_.m, size_) : std::span<const node_member>();
}

/// A decoded document that owns its nodes, keys and strings in one arena: decoding makes no
/// allocation per value (a few large blocks in all), and destroying it is one release per
/// block. Read it through root(); convert with node::to_value() when you need to modify.
/// Move-only.
class document {
 public:
  /// An empty document: its root is null.
  document() noexcept = default;
  document(document&& other) noexcept;
  document& operator=(document&& other) noexcept;
  document(const document&) = delete;
  document& operator=(const document&) = delete;
  ~document();

  /// The document's value.
  [[nodiscard]] const node& root() const noexcept { return root_; }
  /// Bytes of arena held (the copied input text, nodes, members and unescaped strings).
  [[nodiscard]] std::size_t memory_size() const noexcept;

 private:
  friend class detail::document_builder;
  struct block;
  void release() noexcept;

  node root_;
  block* blocks_ = nullptr;
};

/// Decodes a TOON document into a read-only toon::document: the same parser, checks and
/// errors as toon::decode (code, message, line, column), without building a toon::value.
[[nodiscard]] result<document> decode_document(std::string_view text, const decode_options& options = {});

/// Throwing convenience: decodes or throws toon::toon_error.
[[nodiscard]] document decode_document_or_throw(std::string_view text, const decode_options& options = {});

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
