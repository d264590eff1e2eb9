// replacer.cpp - encode replacers (toon/replacer.hpp): replacement::raw, escape_string and the
// pass that applies a replacer to a toon::value before it is encoded.
//
// The pass follows the reference implementation (@toon-format/toon 4.4.0, applyReplacer): the
// replacer is called for the root, then for every member and element, parents first; omit()
// drops the member or element (at the root it keeps the value); with(v) puts v in its place
// and the pass goes on into v's children; raw(text) stands for a primitive only, and for an
// object or array the pass goes on into the original's children as with keep().
//
// Raw text in the resulting tree is a toon::big_integer holding the text: the value encoder
// already writes big integer digits verbatim and treats them as a primitive in every form
// decision (inline arrays, table columns, keyed tables, list items), which is exactly how the
// reference treats a RawString. That tree exists only inside encode_to(), so the stand-in
// never reaches the caller, and the encoder itself is unchanged. The copy is made lazily: a
// container is copied only when one of its members or elements changes, and the children of a
// with() value (owned by the pass) are changed in place.
#include <charconv>
#include "toon/detail/linkage.hpp"
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "copy_on_write.hpp"
#include "replacer_pass.hpp"
#include "toon/detail/writer.hpp"
#include "toon/replacer.hpp"

namespace toon {

namespace {

constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

// Whether a line of `text` starts with '#' after optional spaces (on the first line also after
// a byte order mark): the reference's /(?:^\uFEFF?|\n) *#/.
bool has_comment_line(std::string_view text) noexcept {
  std::size_t i = text.starts_with(utf8_bom) ? utf8_bom.size() : 0;
  for (;;) {
    while (i < text.size() && text[i] == ' ') ++i;
    if (i < text.size() && text[i] == '#') return true;
    i = text.find('\n', i);
    if (i == std::string_view::npos) return false;
    ++i;
  }
}

}  // namespace

TOON_FUNC replacement replacement::raw(std::string text) {
  if (has_comment_line(text))
    throw std::invalid_argument("toon::replacement::raw: the text has a line starting with '#' (it would read as a comment)");
  return replacement(action::raw, value(), std::move(text));
}

TOON_FUNC std::string escape_string(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  detail::append_escaped(out, s);
  return out;
}

namespace detail {

namespace {

using action = replacement::action;

class replacer_pass {
 public:
  explicit replacer_pass(const replacer_function& replacer) : replacer_(replacer) {}

  bool root(const value& v, value& out) {
    replacement r = replacer_(std::string_view(), v, path_);
    if (r.type() == action::omit) r = replacement::keep();  // the root cannot be omitted
    return resolve(v, std::move(r), out) == fate::changed;
  }

 private:
  using fate = child_fate;

  // A raw text in the tree to encode (see the top of this file).
  static value raw_node(replacement&& r) { return value(big_integer{std::move(r).raw_text()}); }

  // The decimal key of array index `i`, in `buf`.
  static std::string_view index_key(char (&buf)[24], std::size_t i) noexcept {
    const auto end = std::to_chars(buf, buf + sizeof buf, i).ptr;
    return {buf, static_cast<std::size_t>(end - buf)};
  }

  // Applies `r`, the replacer's answer for `original` (not owned by the pass). `out` receives
  // the new value when the result is `changed`.
  fate resolve(const value& original, replacement r, value& out) {
    switch (r.type()) {
      case action::omit: return fate::omitted;
      case action::replace:
        out = std::move(r).replacement_value();
        children_in_place(out);
        return fate::changed;
      case action::raw:
        if (original.is_primitive()) {
          out = raw_node(std::move(r));
          return fate::changed;
        }
        break;  // ignored for a container
      case action::keep: break;
    }
    return children(original, out) ? fate::changed : fate::unchanged;
  }

  // Applies `r`, the replacer's answer for `node` (owned by the pass), in place. False when
  // the node is to be omitted.
  bool resolve_in_place(value& node, replacement r) {
    switch (r.type()) {
      case action::omit: return false;
      case action::replace: node = std::move(r).replacement_value(); break;
      case action::raw:
        if (node.is_primitive()) {
          node = raw_node(std::move(r));
          return true;
        }
        break;  // ignored for a container
      case action::keep: break;
    }
    children_in_place(node);
    return true;
  }

  // Visits the members or elements of `v` (not owned). Returns false when none changed;
  // otherwise sets `out` to a copy of `v` with the changes.
  bool children(const value& v, value& out) {
    if (const object* o = v.get_if<object>()) return members(*o, out);
    if (const array* a = v.get_if<array>()) return elements(*a, out);
    return false;
  }

  bool members(const object& o, value& out) {
    return rebuild_members(o, out, [&](const member& m, value& next) {
      path_.emplace_back(std::string_view(m.key));
      const fate f = resolve(m.value, replacer_(m.key, m.value, path_), next);
      path_.pop_back();
      return f;
    });
  }

  bool elements(const array& a, value& out) {
    char buf[24];
    return rebuild_elements(a, out, [&](std::size_t i, const value& element, value& next) {
      path_.emplace_back(i);
      const fate f = resolve(element, replacer_(index_key(buf, i), element, path_), next);
      path_.pop_back();
      return f;
    });
  }

  // Visits the members or elements of `v` (owned), changing it in place.
  void children_in_place(value& v) {
    if (object* o = v.get_if<object>()) {
      object kept;
      kept.reserve(o->size());
      for (member& m : *o) {
        path_.emplace_back(std::string_view(m.key));
        const bool keep = resolve_in_place(m.value, replacer_(m.key, m.value, path_));
        path_.pop_back();
        if (keep) kept.emplace_back(std::move(m.key), std::move(m.value));
      }
      *o = std::move(kept);
    } else if (array* a = v.get_if<array>()) {
      char buf[24];
      std::size_t kept = 0;
      for (std::size_t i = 0; i < a->size(); ++i) {
        value& element = (*a)[i];
        path_.emplace_back(i);
        const bool keep = resolve_in_place(element, replacer_(index_key(buf, i), element, path_));
        path_.pop_back();
        if (!keep) continue;
        if (kept != i) (*a)[kept] = std::move(element);
        ++kept;
      }
      a->erase(a->begin() + static_cast<std::ptrdiff_t>(kept), a->end());
    }
  }

  const replacer_function& replacer_;
  std::vector<path_element> path_;  // of the value being visited; views into the tree's keys
};

}  // namespace

TOON_FUNC bool apply_replacer(const value& root, const replacer_function& replacer, value& out) {
  return replacer_pass(replacer).root(root, out);
}

}  // namespace detail

}  // namespace toon
