// toon/typed/table_writer.hpp - toon::table_writer<T>: a large array written row by row.
//
// Writes the document `{key: rows}` (or the root array `rows` when key is empty) whose row
// count is known in advance, one row per write() call, to a std::string, a std::ostream or a
// file descriptor, through a bounded buffer: the rows are never all in memory. The bytes are
// those toon::encode writes for the whole value with the same options; a row that would make
// toon::encode choose another form than the one already written is an error, never different
// bytes (docs/streaming.md, "Writing a table row by row").
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "toon/error.hpp"
#include "toon/options.hpp"
#include "toon/detail/writer.hpp"
#include "toon/typed/encode_omit.hpp"
#include "toon/typed/encode_writer.hpp"
#include "toon/typed/shape.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/typed/type_kind.hpp"
#include "toon/value.hpp"

namespace toon {

/// A POSIX file descriptor for a table_writer to write(2) to. The writer does not close it.
struct fd_sink {
  int fd = -1;
};

namespace detail {

/// The part of table_writer<T> that does not depend on T: the sink, the buffer and its
/// writer, the row count, the form chosen at the first row, and rows given as toon::value.
class table_core {
 public:
  /// The form of the array, chosen at the first row as toon::encode chooses it for the whole.
  enum class form : unsigned char { undecided, inline_values, list, table };

  /// Throws std::invalid_argument for options it cannot honour row by row.
  table_core(std::string& out, std::string_view key, std::size_t rows, const encode_options& options);
  table_core(std::ostream& out, std::string_view key, std::size_t rows, const encode_options& options);
  table_core(fd_sink out, std::string_view key, std::size_t rows, const encode_options& options);
  table_core(const table_core&) = delete;
  table_core& operator=(const table_core&) = delete;
  ~table_core();

  /// Before a row: the error of an earlier call, or one for a row beyond the declared count.
  /// Notes where the row starts in the buffer.
  result<void> begin_row();
  /// After a row: counts it and passes the buffer to the sink once it holds buffer_size bytes.
  result<void> end_row();
  /// A row that failed with `e`: drops what it wrote and keeps `e` as the error of every later
  /// call.
  result<void> fail_row(error e);
  /// A row that threw: drops what it wrote, as if it had not been given.
  void abort_row() noexcept;
  /// Writes one row given as a toon::value (omit options applied here), choosing the form when
  /// it is the first row, or rejects it when it does not fit the form already written.
  result<void> value_row(value&& v);
  /// Writes the empty form when no row was declared, flushes everything; the count must match.
  result<void> finish();

  /// Starts the document: `key[N]: ` (inline values), `key[N]:` (list), `key[N]{fields}:`.
  void start_inline();
  void start_list();
  /// `fields` must stay valid as long as the writer (static storage, or tree_ storage).
  void start_table(field_list_view fields, bool typed);

  [[nodiscard]] writer& out() noexcept { return w_; }
  [[nodiscard]] form current_form() const noexcept { return form_; }
  /// True when the table's header is that of the row type (rows are written by the typed
  /// encoder).
  [[nodiscard]] bool typed_table() const noexcept { return typed_table_; }
  [[nodiscard]] delimiter delim() const noexcept { return delim_; }
  [[nodiscard]] bool omitting() const noexcept { return omit_.null || omit_.empty; }
  [[nodiscard]] omit_switches omit() const noexcept { return omit_; }
  [[nodiscard]] std::size_t rows_written() const noexcept { return written_; }
  [[nodiscard]] std::size_t buffered() const noexcept { return w_.mark().offset; }

  static constexpr std::size_t buffer_size = std::size_t(64) << 10;

 private:
  enum class sink_kind : unsigned char { string, stream, fd };

  table_core(sink_kind kind, std::string_view key, std::size_t rows, const encode_options& options);
  void header_start();
  result<void> reject_row(std::string_view what);
  result<void> flush();
  result<void> fail(error e);

  // Declared first: the writer appends to buf_.
  std::string buf_;
  writer w_;
  sink_kind kind_;
  std::string* string_ = nullptr;
  std::ostream* stream_ = nullptr;
  int fd_ = -1;
  std::string key_;
  std::size_t rows_;
  std::size_t written_ = 0;
  delimiter delim_;
  omit_switches omit_;
  form form_ = form::undecided;
  bool typed_table_ = false;
  bool finished_ = false;
  writer::mark_type row_start_{};
  form form_at_row_start_ = form::undecided;
  field_list_view tree_{};
  std::vector<field_node> tree_storage_;  // the header taken from a toon::value first row
  value first_row_;                       // that row: tree_storage_ views its keys
  error error_;                           // code ok while there is none
};

}  // namespace detail

/// Writes an array of `rows` elements of type T, one write() per element, as the document
/// `key[N]...` (`{key: rows}`), or as a root array when `key` is empty, with the bytes
/// toon::encode gives for the whole value and the same options. Output goes through an
/// internal buffer of about buffer_size bytes to the sink (a std::string it appends to, a
/// std::ostream, or a file descriptor), which must outlive the writer.
///
/// The form (a table, inline values or a list) is chosen at the first row as toon::encode
/// chooses it for the whole array: from T when its type decides (a struct of primitives and
/// nested such structs is always a table), else from the first row. A later row that would
/// make toon::encode choose differently (a table row with other fields, an object after
/// primitives) is rejected with error_code::type_mismatch. Every error is kept: every later
/// call returns it. Destroying the writer without finish() writes nothing more (bytes still
/// buffered are dropped); it never throws.
template <class T>
class table_writer {
  static_assert(detail::supported<T>());

 public:
  /// The buffer is passed to the sink once a row makes it reach this many bytes.
  static constexpr std::size_t buffer_size = detail::table_core::buffer_size;

  /// Throws std::invalid_argument when options.delimiter is not comma, tab or pipe, or when
  /// options.replacer is set (it is called with the whole document, which is never built).
  table_writer(std::string& out, std::string_view key, std::size_t rows,
               const encode_options& options = {})
      : core_(out, key, rows, options) {}
  table_writer(std::ostream& out, std::string_view key, std::size_t rows,
               const encode_options& options = {})
      : core_(out, key, rows, options) {}
  table_writer(fd_sink out, std::string_view key, std::size_t rows,
               const encode_options& options = {})
      : core_(out, key, rows, options) {}

  /// Writes the next row. Errors: error_code::length_mismatch for a row beyond the declared
  /// count (or after finish()), type_mismatch for a row that does not fit the form already
  /// written, invalid_enum for an enum value without a name, io_error when the sink fails.
  /// An exception from the row's conversion (a proxy, bad_alloc) leaves the row unwritten.
  result<void> write(const T& row) {
    if (auto r = core_.begin_row(); !r) return r;
    try {
      result<void> r = (core_.omitting() && detail::omits_any<false>(row, core_.omit()))
                           ? core_.value_row(toon::to_value(row))
                           : typed_row(row);
      if (!r) return r;
    } catch (const toon_error& e) {
      return core_.fail_row(e.error());
    } catch (...) {  // from a proxy, or bad_alloc: the row is not written
      core_.abort_row();
      throw;
    }
    return core_.end_row();
  }

  /// Completes the document and passes what is buffered to the sink (and flushes a
  /// std::ostream). Error error_code::length_mismatch when fewer rows than declared were
  /// written. Calling it again after success does nothing.
  result<void> finish() { return core_.finish(); }

  /// Rows written so far.
  [[nodiscard]] std::size_t rows_written() const noexcept { return core_.rows_written(); }
  /// Bytes written but not yet passed to the sink: below buffer_size after every write().
  [[nodiscard]] std::size_t buffered() const noexcept { return core_.buffered(); }

 private:
  using form = detail::table_core::form;
  // The header of T's rows when T decides it (an object view that is a fixed object).
  using header = detail::rows_header_t<detail::object_view_t<T>>;

  // A row without omitted members: the typed encoder writes it when the form allows, else it
  // goes through the value path, which decides the form or rejects the row.
  result<void> typed_row(const T& x) {
    detail::typed_encoder enc(core_.out());
    const unsigned kind = detail::runtime_kind(x);
    switch (core_.current_form()) {
      case form::undecided:
        if (kind == detail::kind_primitive) {
          core_.start_inline();
          enc.write_cell(x);
          return {};
        }
        if (kind == detail::kind_array) {
          core_.start_list();
          enc.write_list_item(x, 1);
          return {};
        }
        if constexpr (!std::is_void_v<header>) {
          core_.start_table(detail::field_nodes_v<header>, true);
          core_.out().begin_line(1);
          enc.template write_row<header>(x);
          return {};
        }
        break;
      case form::inline_values:
        if (kind != detail::kind_primitive) break;
        core_.out().delimiter_char(core_.delim());
        enc.write_cell(x);
        return {};
      case form::list:
        enc.write_list_item(x, 1);
        return {};
      case form::table:
        if constexpr (!std::is_void_v<header>) {
          if (core_.typed_table() && kind == detail::kind_object) {
            core_.out().begin_line(1);
            enc.template write_row<header>(x);
            return {};
          }
        }
        break;
    }
    return core_.value_row(toon::to_value(x));
  }

  detail::table_core core_;
};

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
