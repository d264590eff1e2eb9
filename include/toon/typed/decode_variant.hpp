// toon/typed/decode_variant.hpp - decoding into std::variant.
//
// A primitive goes to the alternative that ranks it best (decode_traits<A>::rank: an integer
// to an integer alternative before a floating one, a string to a string before an enum name,
// a time point, a char, ...). An array goes to the first alternative that takes arrays. An
// object goes, when the variant has object alternatives, to the one its tag names:
//   - tag first (what the encoder writes): a tag frame reads the first key; when it is a tag
//     key, the tag value picks the alternative, and the frame becomes that alternative's
//     object frame (which skips the tag field);
//   - tag elsewhere: the frame buffers the object as a toon::value and, at its end, replays it
//     into the alternative its tag names (errors inside are located at the object's start).
// Without a tag (or without object alternatives) an object goes to the first map or
// toon::value alternative.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "toon/typed/decode_object.hpp"
#include "toon/typed/decode_traits.hpp"

namespace toon::detail {

/// The distinct keys of the tag entries that name an alternative (index != none), in order.
template <class Entry, std::size_t N>
constexpr std::array<std::string_view, N> distinct_tag_keys(const std::array<Entry, N>& tags, std::size_t none) noexcept {
  std::array<std::string_view, N> keys{};
  std::size_t n = 0;
  for (const Entry& t : tags) {
    if (t.alternative == none) continue;
    bool seen = false;
    for (std::size_t i = 0; i < n; ++i) seen = seen || keys[i] == t.key;
    if (!seen) keys[n++] = t.key;
  }
  return keys;
}

/// Number of distinct_tag_keys().
template <class Entry, std::size_t N>
constexpr std::size_t count_tag_keys(const std::array<Entry, N>& tags, std::size_t none) noexcept {
  std::size_t n = 0;
  for (std::size_t i = 0; i < N; ++i) {
    if (tags[i].alternative == none) continue;
    bool seen = false;
    for (std::size_t j = 0; j < i; ++j) seen = seen || (tags[j].alternative != none && tags[j].key == tags[i].key);
    n += seen ? 0 : 1;
  }
  return n;
}

template <class... A>
struct decode_traits<std::variant<A...>, type_kind::variant> {
  using variant_type = std::variant<A...>;
  static constexpr std::size_t count = sizeof...(A);
  static constexpr std::size_t none = count;

  template <std::size_t I>
  using alternative = std::variant_alternative_t<I, variant_type>;

  static constexpr std::array<type_kind, count> kinds{type_kind_v<A>...};
  static constexpr std::array<bool, count> takes_objects{decode_traits<A>::accepts_object...};
  static constexpr std::array<bool, count> takes_arrays{decode_traits<A>::accepts_array...};

  static constexpr std::size_t first_of(const std::array<bool, count>& which) noexcept {
    for (std::size_t i = 0; i < count; ++i)
      if (which[i]) return i;
    return none;
  }
  static constexpr std::size_t object_alternatives = [] {
    std::size_t n = 0;
    for (type_kind k : kinds) n += k == type_kind::object ? 1 : 0;
    return n;
  }();
  /// The alternative untagged objects go to: the first that takes objects and is not a
  /// reflected object.
  static constexpr std::size_t map_alternative = [] {
    std::array<bool, count> which{};
    for (std::size_t i = 0; i < count; ++i) which[i] = takes_objects[i] && kinds[i] != type_kind::object;
    return first_of(which);
  }();
  static constexpr std::size_t array_alternative = first_of(takes_arrays);

  static constexpr bool accepts_object = object_alternatives > 0 || map_alternative != none;
  static constexpr bool accepts_array = array_alternative != none;

  // ---- tags ---------------------------------------------------------------------------------
  struct tag_entry {
    std::string_view key;
    std::string_view tag;
    std::size_t alternative;
  };
  template <std::size_t I>
  static constexpr tag_entry tag_entry_of() noexcept {
    if constexpr (type_kind_v<alternative<I>> == type_kind::object)
      return {tag_key_of<alternative<I>>(), tag_of<alternative<I>>(), I};
    else
      return {{}, {}, none};
  }
  static constexpr std::array<tag_entry, count> all_tags =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<tag_entry, count>{tag_entry_of<I>()...};
      }(std::make_index_sequence<count>{});
  static constexpr bool unique_tags() noexcept {
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t j = i + 1; j < count; ++j)
        if (all_tags[i].alternative != none && all_tags[j].alternative != none &&
            all_tags[i].key == all_tags[j].key && all_tags[i].tag == all_tags[j].tag)
          return false;
    return true;
  }
  static_assert(unique_tags(), "toon: two object alternatives of a std::variant have the same tag");

  /// The distinct tag keys, in alternative order (the first `tag_key_count` entries).
  static constexpr std::array<std::string_view, count> tag_keys = distinct_tag_keys(all_tags, none);
  static constexpr std::size_t tag_key_count = count_tag_keys(all_tags, none);

  static std::size_t find_tag_key(std::string_view k) noexcept {
    for (std::size_t i = 0; i < tag_key_count; ++i)
      if (tag_keys[i] == k) return i;
    return none;
  }
  static std::size_t find_alternative(std::string_view key, std::string_view tag) noexcept {
    for (const tag_entry& t : all_tags)
      if (t.alternative != none && t.key == key && t.tag == tag) return t.alternative;
    return none;
  }
  static std::string unknown_tag_message(std::string_view key, std::string_view tag) {
    std::string out = "unknown tag \"";
    append_json_escaped(out, tag);
    out += "\" (expected one of: ";
    bool first = true;
    for (const tag_entry& t : all_tags) {
      if (t.alternative == none || t.key != key) continue;
      if (!first) out += ", ";
      first = false;
      out += t.tag;
    }
    out += ')';
    return out;
  }

  // ---- emplacing alternatives -------------------------------------------------------------------
  template <std::size_t I>
  static slot emplace_slot(variant_type& v) {
    return {&v.template emplace<I>(), ops_of<alternative<I>>()};
  }
  template <std::size_t I>
  static slot emplace_tagged(variant_type& v) {
    if constexpr (type_kind_v<alternative<I>> == type_kind::object)
      return {&v.template emplace<I>(), &tagged_object_ops<alternative<I>>};
    else
      return emplace_slot<I>(v);
  }
  static constexpr std::array<slot (*)(variant_type&), count> emplacers =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<slot (*)(variant_type&), count>{&emplace_slot<I>...};
      }(std::make_index_sequence<count>{});
  static constexpr std::array<slot (*)(variant_type&), count> tagged_emplacers =
      []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<slot (*)(variant_type&), count>{&emplace_tagged<I>...};
      }(std::make_index_sequence<count>{});

  // ---- primitives ---------------------------------------------------------------------------------
  static std::size_t choose(const primitive_event& ev, int& best) noexcept {
    std::size_t which = none;
    best = 0;
    std::size_t i = 0;
    ((
         [&] {
           int r = decode_traits<A>::rank(ev);
           if (r && (best == 0 || r < best)) {
             best = r;
             which = i;
           }
           ++i;
         }()),
     ...);
    return which;
  }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    int best = 0;
    std::size_t which = choose(ev, best);
    if (which == none) return d.mismatch(&describe, found_name(ev.type), ev.offset);
    slot s = emplacers[which](*static_cast<variant_type*>(p));
    return s.ops->primitive(d, s.target, ev);
  }
  static int rank(const primitive_event& ev) noexcept {
    int best = 0;
    choose(ev, best);
    return best;
  }

  // ---- arrays -----------------------------------------------------------------------------------------
  static bool start_array(typed_decoder& d, void* p, std::size_t size, std::size_t offset) {
    if constexpr (array_alternative == none) {
      return d.reject_container(&describe, false, offset);
    } else {
      slot s = emplacers[array_alternative](*static_cast<variant_type*>(p));
      return s.ops->start_array(d, s.target, size, offset);
    }
  }

  // ---- objects ----------------------------------------------------------------------------------------
  // An object without a tag: the map / toon::value alternative, else a missing tag field.
  // Sends `content` (the buffered object) into the chosen alternative.
  static bool untagged(typed_decoder& d, variant_type& v, const value& content, std::size_t offset) {
    if constexpr (map_alternative != none) {
      return d.replay_into(content, emplacers[map_alternative](v), offset);
    } else {
      std::string path = d.frame_path();
      typed_decoder::append_key_segment(path, tag_keys[0]);
      return d.report_at(error_code::missing_field, "missing required field", offset, std::move(path));
    }
  }

  // Buffer frame: extra = the owned toon::value object; keyed like a toon::object frame.
  static bool buffer_key(typed_decoder& d, frame& f, std::string_view k, std::size_t) {
    object& o = static_cast<value*>(f.extra)->as_object();
    if (!d.options().strict) {
      for (member& m : o) {
        if (m.key == k) {
          m.value = value();
          f.pending = {&m.value, &dynamic_value_ops};
          return true;
        }
      }
    }
    f.pending = {&o.emplace_back(std::string(k), value()), &dynamic_value_ops};
    return true;
  }
  static bool buffer_end(typed_decoder& d, frame& f) {
    // Replaying pushes frames: keep what is needed, not the frame reference.
    const value& content = *static_cast<const value*>(f.extra);
    variant_type& v = *static_cast<variant_type*>(f.target);
    const std::size_t start = f.start;
    for (std::size_t t = 0; t < tag_key_count; ++t) {
      const value* tag = content.find(tag_keys[t]);
      if (!tag) continue;
      std::string path = d.frame_path();
      typed_decoder::append_key_segment(path, tag_keys[t]);
      if (!tag->is_string())
        return d.report_at(error_code::type_mismatch,
                           "expected string, found " + std::string(kind_name_of(*tag)), start, std::move(path));
      std::size_t alt = find_alternative(tag_keys[t], tag->as_string());
      if (alt == none)
        return d.report_at(error_code::invalid_enum, unknown_tag_message(tag_keys[t], tag->as_string()), start,
                           std::move(path));
      return d.replay_into(content, tagged_emplacers[alt](v), start);
    }
    return untagged(d, v, content, start);
  }
  static std::string_view kind_name_of(const value& v) noexcept {
    if (v.is_null()) return "null";
    if (v.is_bool()) return "boolean";
    if (v.is_number()) return "number";
    if (v.is_string()) return "string";
    return v.is_array() ? "array" : "object";
  }
  static void buffer_destroy(frame& f) noexcept { delete static_cast<value*>(f.extra); }
  static constexpr frame_ops buffer_frame{&buffer_key,       &pending_slot,     nullptr, &buffer_end,
                                          &no_frame_segment, &buffer_destroy};

  // Tag frame: index 0 before the first key, 1 once that key was a tag key (aux: which one;
  // the pending slot is the tag value).
  static const type_ops tag_value_ops;

  static bool tag_key(typed_decoder& d, frame& f, std::string_view k, std::size_t offset) {
    std::size_t t = find_tag_key(k);
    if (t != none) {
      f.index = 1;
      f.aux = t;
      f.pending = {f.target, &tag_value_ops};
      return true;
    }
    // The tag is not first: buffer the object.
    f.ops = &buffer_frame;
    f.extra = new value(object{});
    return buffer_key(d, f, k, offset);
  }
  static bool tag_end(typed_decoder& d, frame& f) {  // an empty object
    return untagged(d, *static_cast<variant_type*>(f.target), value(object{}), f.start);
  }
  static void tag_segment(const frame& f, std::string& path) {
    if (f.index == 1) typed_decoder::append_key_segment(path, tag_keys[f.aux]);
  }
  static constexpr frame_ops tag_frame{&tag_key, &pending_slot, nullptr, &tag_end, &tag_segment, nullptr};

  // The tag value: a known tag turns the tag frame into the alternative's object frame.
  static bool tag_primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    frame& f = d.top();
    const std::string_view key = tag_keys[f.aux];
    if (ev.type != primitive_event::kind::string) {
      if (!d.mismatch(&describe_string, found_name(ev.type), ev.offset)) return false;
      d.skip_top();
      return true;
    }
    const std::size_t alt = find_alternative(key, ev.text);
    if (alt == none) {
      if (!d.report(error_code::invalid_enum, unknown_tag_message(key, ev.text), ev.offset)) return false;
      d.skip_top();
      return true;
    }
    const std::size_t start = f.start;
    d.pop();
    slot s = tagged_emplacers[alt](*static_cast<variant_type*>(p));
    return s.ops->start_object(d, s.target, 0, start);
  }
  static bool tag_container(typed_decoder& d, bool is_object, std::size_t offset) {
    if (!d.mismatch(&describe_string, is_object ? "object" : "array", offset)) return false;
    d.skip_top();
    d.skip_container(offset);
    return true;
  }
  static bool tag_start_object(typed_decoder& d, void*, std::size_t, std::size_t offset) {
    return tag_container(d, true, offset);
  }
  static bool tag_start_array(typed_decoder& d, void*, std::size_t, std::size_t offset) {
    return tag_container(d, false, offset);
  }
  static void describe_string(std::string& out) { out += "string"; }

  static bool start_object(typed_decoder& d, void* p, std::size_t hint, std::size_t offset) {
    if constexpr (object_alternatives > 0) {
      frame f;
      f.ops = &tag_frame;
      f.target = p;
      f.start = offset;
      d.push(f);
      return true;
    } else if constexpr (map_alternative != none) {
      slot s = emplacers[map_alternative](*static_cast<variant_type*>(p));
      return s.ops->start_object(d, s.target, hint, offset);
    } else {
      return d.reject_container(&describe, true, offset);
    }
  }

  /// "integer or string or object": what the alternatives accept, without repeats.
  static void describe(std::string& out) {
    std::array<std::string, count> parts;
    std::size_t n = 0;
    ((
         [&] {
           std::string part;
           decode_traits<A>::describe(part);
           for (std::size_t i = 0; i < n; ++i)
             if (parts[i] == part) return;
           parts[n++] = std::move(part);
         }()),
     ...);
    for (std::size_t i = 0; i < n; ++i) {
      if (i) out += " or ";
      out += parts[i];
    }
  }
};

template <class... A>
const type_ops decode_traits<std::variant<A...>, type_kind::variant>::tag_value_ops{
    &tag_primitive, &tag_start_object, &tag_start_array, &describe_string};

}  // namespace toon::detail
