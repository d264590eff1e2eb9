// toon/typed/row_reader.hpp - typed rows as they arrive: the elements of one array of a TOON
// stream decoded into T one at a time, each handed over as soon as its line(s) are complete.
//
//   toon::row_reader<user> reader([&](user& u) { show(u); }, "users");
//   while (read(chunk)) if (auto r = reader.feed(chunk); !r) return r;
//   auto r = reader.finish();
//
// The bytes go through toon::stream_decoder (toon/stream.hpp) and the typed decoder's frames
// (toon/typed/decode.hpp), so rows follow the same mapping and errors carry the same code,
// field path (`users[41].email`), line and column as toon::decode<T> of the whole document.
// Memory: one T, the unfinished line and one frame per open scope, whatever the row count.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "toon/error.hpp"
#include "toon/options.hpp"
#include "toon/stream.hpp"
#include "toon/typed/decode.hpp"

namespace toon {

namespace detail {

/// The route from the document's root to the array whose elements are delivered (dotted keys)
/// and the row being decoded, as the typed decoder's frames see it (type-erased).
class row_route {
 public:
  /// One key of the path; `depth` is its index.
  struct step {
    row_route* route;
    std::size_t depth;
  };

  row_route(std::string_view path, slot row) : row_(row) {
    for (std::size_t start = 0; !path.empty() && start <= path.size();) {
      const std::size_t dot = path.find('.', start);
      const std::size_t end = dot == std::string_view::npos ? path.size() : dot;
      keys_.emplace_back(path.substr(start, end - start));
      start = end + 1;
    }
    steps_.reserve(keys_.size());
    for (std::size_t i = 0; i < keys_.size(); ++i) steps_.push_back(step{this, i});
  }
  virtual ~row_route() = default;
  row_route(const row_route&) = delete;
  row_route& operator=(const row_route&) = delete;

  /// The slot of the document's root.
  [[nodiscard]] slot root() noexcept { return keys_.empty() ? slot{this, &array_ops} : slot{steps_.data(), &object_ops}; }
  /// Rows delivered so far.
  [[nodiscard]] std::size_t rows() const noexcept { return rows_; }
  /// Whether the array was found.
  [[nodiscard]] bool found() const noexcept { return found_; }
  /// Whether the row function asked to stop.
  [[nodiscard]] bool stopped() const noexcept { return stopped_; }
  /// The path as given (dotted keys), for messages.
  [[nodiscard]] std::string path() const {
    std::string p;
    for (const std::string& k : keys_) p += (p.empty() ? "" : ".") + k;
    return p;
  }

 protected:
  /// Resets the row before its element is decoded.
  virtual void reset() = 0;
  /// Hands the decoded row over; false stops.
  virtual bool deliver() = 0;

 private:
  static void describe_object(std::string& out) { out += "object"; }
  static void describe_array(std::string& out) { out += "array"; }
  static bool object_primitive(typed_decoder& d, void*, const primitive_event& ev) {
    return d.mismatch(&describe_object, found_name(ev.type), ev.offset);
  }
  static bool array_primitive(typed_decoder& d, void*, const primitive_event& ev) {
    return d.mismatch(&describe_array, found_name(ev.type), ev.offset);
  }
  static bool object_start_array(typed_decoder& d, void*, std::size_t, std::size_t offset) {
    return d.reject_container(&describe_object, false, offset);
  }
  static bool array_start_object(typed_decoder& d, void*, std::size_t, std::size_t offset) {
    return d.reject_container(&describe_array, true, offset);
  }

  // An object on the way: the key of the next step leads on, every other key is skipped.
  // frame::index is 1 while the pending value is on the path.
  static bool object_start_object(typed_decoder& d, void* p, std::size_t, std::size_t offset) {
    frame f;
    f.ops = &object_frame;
    f.target = p;
    f.start = offset;
    d.push(f);
    return true;
  }
  static bool object_key(typed_decoder&, frame& f, std::string_view k, std::size_t) {
    const step& s = *static_cast<const step*>(f.target);
    row_route& r = *s.route;
    f.index = k == r.keys_[s.depth] ? 1 : 0;
    if (!f.index) f.pending = {nullptr, &typed_decoder::skip_ops};
    else if (s.depth + 1 < r.keys_.size()) f.pending = {&r.steps_[s.depth + 1], &object_ops};
    else f.pending = {&r, &array_ops};
    return true;
  }
  static void object_segment(const frame& f, std::string& path) {
    const step& s = *static_cast<const step*>(f.target);
    if (f.index) typed_decoder::append_key_segment(path, s.route->keys_[s.depth]);
  }

  // The array: each element is decoded into the row, which is then delivered.
  static bool array_start_array(typed_decoder& d, void* p, std::size_t, std::size_t offset) {
    static_cast<row_route*>(p)->found_ = true;
    frame f;
    f.ops = &array_frame;
    f.target = p;
    f.start = offset;
    d.push(f);
    return true;
  }
  static slot array_next(typed_decoder&, frame& f, std::size_t) {
    row_route& r = *static_cast<row_route*>(f.target);
    ++f.index;
    r.reset();
    return r.row_;
  }
  static done_action array_done(typed_decoder&, frame& f) {
    row_route& r = *static_cast<row_route*>(f.target);
    ++r.rows_;
    if (r.deliver()) return done_action::keep;
    r.stopped_ = true;
    return done_action::abort;
  }

  static constexpr type_ops object_ops{&object_primitive, &object_start_object, &object_start_array, &describe_object};
  static constexpr type_ops array_ops{&array_primitive, &array_start_object, &array_start_array, &describe_array};
  static constexpr frame_ops object_frame{&object_key, &pending_slot, nullptr, &no_frame_check, &object_segment, nullptr};
  static constexpr frame_ops array_frame{&no_frame_key, &array_next, &array_done, &no_frame_check, &element_segment,
                                         nullptr};

  std::vector<std::string> keys_;
  std::vector<step> steps_;
  slot row_;
  std::size_t rows_ = 0;
  bool found_ = false;
  bool stopped_ = false;
};

}  // namespace detail

/// Decodes the elements of one array of a TOON document into T, one at a time, from byte
/// chunks of any size (see the file comment). Feed the bytes with feed(), then call finish().
///
/// The array is the root (path "") or the value at a dotted path of keys ("users",
/// "data.items"); the rest of the document is parsed and checked but not decoded. Each element
/// starts from T{} and is passed to the row function as soon as it is complete: a table row
/// when its line ends, a list item when the next line shows it ended. The row function takes
/// `T&` (it may move from it) or `const T&` and returns void, or bool (false stops reading:
/// feed() and finish() then succeed without parsing further).
template <class T>
class row_reader {
 public:
  /// Reads the array at `path` (dotted keys; "" for a root array), calling `on_row` per element.
  template <class F>
    requires std::is_invocable_v<F&, T&>
  explicit row_reader(F on_row, std::string_view path = {}, const decode_options& options = {})
      : state_(std::make_unique<state>(std::move(on_row), path, options)) {}

  /// Parses the lines `chunk` completes, delivering the rows they finish.
  result<void> feed(std::string_view chunk) { return state_->check(state_->stream.feed(chunk)); }
  /// Ends the input: the last line is parsed and the document checked; an absent array is an
  /// error (missing_field).
  result<void> finish() {
    state& s = *state_;
    result<void> r = s.check(s.stream.finish());
    if (r && !s.stopped() && !s.found()) {
      error e;
      e.code = error_code::missing_field;
      e.message = "the document has no array at \"" + s.path() + "\"";
      return e;
    }
    return r;
  }

  /// Rows delivered so far.
  [[nodiscard]] std::size_t rows() const noexcept { return state_->rows(); }
  /// Whether the row function stopped the reading.
  [[nodiscard]] bool stopped() const noexcept { return state_->stopped(); }

 private:
  struct state final : detail::row_route {
    template <class F>
    state(F&& f, std::string_view path, const decode_options& o)
        : row_route(path, {&row, detail::ops_of<T>()}),
          on_row(wrap(std::forward<F>(f))),
          options(o),
          decoder({}, options, false),
          stream(decoder, options) {
      decoder.set_root(root().target, root().ops);
      decoder.locate_through(&stream);
    }
    template <class F>
    static std::function<bool(T&)> wrap(F f) {
      if constexpr (std::is_convertible_v<std::invoke_result_t<F&, T&>, bool>) {
        return [f = std::move(f)](T& t) mutable { return static_cast<bool>(f(t)); };
      } else {
        return [f = std::move(f)](T& t) mutable {
          f(t);
          return true;
        };
      }
    }
    result<void> check(result<void> r) {
      if (stopped()) return {};  // the row function stopped the decoding
      return decoder.complete(std::move(r));
    }
    void reset() override { row = T{}; }
    bool deliver() override { return on_row(row); }

    T row{};
    std::function<bool(T&)> on_row;
    decode_options options;
    detail::typed_decoder decoder;
    stream_decoder stream;
  };

  std::unique_ptr<state> state_;
};

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
