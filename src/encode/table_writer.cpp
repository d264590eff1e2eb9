// table_writer.cpp - the non-template part of toon::table_writer (toon/typed/table_writer.hpp):
// sinks, the bounded buffer, the row count, and rows as toon::value.
#include "toon/typed/table_writer.hpp"
#include "toon/detail/linkage.hpp"

#include <cerrno>
#include <cstring>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>

#include "../common/fd_io.hpp"
#include "omit_pass.hpp"
#include "shape.hpp"
#include "toon/detail/value_encoding.hpp"

namespace toon::detail {

namespace {

// A primitive value as the value encoder writes it in an inline array or a row.
void put_primitive(writer& w, const value& v, delimiter d) { value_model::primitive(w, v, d); }

// Tabular detection of a single row (src/encode/shape.cpp detect() on one row): a non-empty
// object whose members are primitives or non-empty objects that pass again. Appends the field
// tree (the row's key order) to `tree`.
bool detect_row(const object& row, std::vector<field_node>& tree) {
  if (row.empty()) return false;
  for (const member& m : row) {
    const std::size_t node = tree.size();
    tree.push_back(field_node{m.key, 0});
    if (m.value.is_primitive()) continue;
    if (!m.value.is_object()) return false;
    const object& sub = m.value.as_object();
    if (!detect_row(sub, tree)) return false;
    tree[node].child_count = static_cast<std::uint32_t>(sub.size());
  }
  return true;
}

// True when `row` passes tabular detection together with the row the `count` entries of
// `tree` from `index` were taken from: the same key set (any order), primitives at the
// leaves, non-empty objects that pass again at the groups. Advances `index` past them.
bool fits(const object& row, field_list_view tree, std::size_t& index, std::size_t count) {
  if (row.size() != count) return false;
  for (std::size_t j = 0; j < count; ++j) {
    if (index >= tree.size()) return false;
    const field_node& node = tree[index++];
    const value* v = find_member(row, node.name, j);
    if (v == nullptr) return false;
    if (node.child_count == 0) {
      if (!v->is_primitive()) return false;
    } else if (!v->is_object() || !fits(v->as_object(), tree, index, node.child_count)) {
      return false;
    }
  }
  return true;
}

// Number of top-level entries of a field tree.
std::size_t top_level_count(field_list_view tree) noexcept {
  std::size_t n = 0;
  for (std::size_t i = 0; i < tree.size(); i = subtree_end(tree, i)) ++n;
  return n;
}

}  // namespace

TOON_FUNC table_core::table_core(sink_kind kind, std::string_view key, std::size_t rows,
                       const encode_options& options)
    : w_(buf_, options),
      kind_(kind),
      key_(key),
      rows_(rows),
      delim_(options.delimiter),
      omit_{options.omit_null, options.omit_empty} {
  switch (options.delimiter) {
    case delimiter::comma:
    case delimiter::tab:
    case delimiter::pipe: break;
    default: throw std::invalid_argument("toon::table_writer: invalid delimiter (valid: comma, tab, pipe)");
  }
  if (options.replacer)
    throw std::invalid_argument(
        "toon::table_writer: encode_options::replacer is not supported (a replacer is called "
        "with the whole document, which a table writer never holds)");
}

TOON_FUNC table_core::table_core(std::string& out, std::string_view key, std::size_t rows,
                       const encode_options& options)
    : table_core(sink_kind::string, key, rows, options) {
  string_ = &out;
}

TOON_FUNC table_core::table_core(std::ostream& out, std::string_view key, std::size_t rows,
                       const encode_options& options)
    : table_core(sink_kind::stream, key, rows, options) {
  stream_ = &out;
}

TOON_FUNC table_core::table_core(fd_sink out, std::string_view key, std::size_t rows,
                       const encode_options& options)
    : table_core(sink_kind::fd, key, rows, options) {
  fd_ = out.fd;
}

TOON_FUNC table_core::~table_core() = default;

TOON_FUNC result<void> table_core::fail(error e) {
  error_ = std::move(e);
  return error_;
}

TOON_FUNC result<void> table_core::begin_row() {
  if (error_.code != error_code::ok) return error_;
  if (written_ == rows_) {
    return fail(error{error_code::length_mismatch,
                      "toon::table_writer: more rows than the " + std::to_string(rows_) +
                          " declared" + (finished_ ? " (write() after finish())" : "")});
  }
  row_start_ = w_.mark();
  form_at_row_start_ = form_;
  return {};
}

TOON_FUNC result<void> table_core::end_row() {
  ++written_;
  if (buffered() >= buffer_size) return flush();
  return {};
}

TOON_FUNC void table_core::abort_row() noexcept {
  w_.rewind(row_start_);
  if (form_at_row_start_ == form::undecided) {
    form_ = form::undecided;
    typed_table_ = false;
    tree_ = {};
  }
}

TOON_FUNC result<void> table_core::fail_row(error e) {
  abort_row();
  if (e.path.empty()) e.path = (key_.empty() ? "" : key_) + "[" + std::to_string(written_) + "]";
  return fail(std::move(e));
}

TOON_FUNC result<void> table_core::reject_row(std::string_view what) {
  std::string message = "toon::table_writer: the row ";
  message += what;
  return fail_row(error{error_code::type_mismatch, std::move(message)});
}

TOON_FUNC void table_core::header_start() {
  w_.begin_line(0);
  if (!key_.empty()) w_.key(key_);
  w_.bracket(rows_, delim_);
}

TOON_FUNC void table_core::start_inline() {
  header_start();
  w_.colon();
  w_.space();
  form_ = form::inline_values;
}

TOON_FUNC void table_core::start_list() {
  header_start();
  w_.colon();
  form_ = form::list;
}

TOON_FUNC void table_core::start_table(field_list_view fields, bool typed) {
  header_start();
  w_.fields(fields, delim_);
  w_.colon();
  form_ = form::table;
  typed_table_ = typed;
  tree_ = fields;
}

TOON_FUNC result<void> table_core::value_row(value&& v) {
  if (omitting()) apply_omit_in_place(v, omit_rules{omit_.null, omit_.empty});
  switch (form_) {
    case form::undecided:
      if (v.is_primitive()) {
        start_inline();
        put_primitive(w_, v, delim_);
      } else if (v.is_object()) {
        first_row_ = std::move(v);
        tree_storage_.clear();
        if (detect_row(first_row_.as_object(), tree_storage_)) {
          start_table(tree_storage_, false);
          w_.begin_line(1);
          bool first = true;
          for_each_leaf(first_row_.as_object(), tree_, [&](const value& cell) {
            if (!first) w_.delimiter_char(delim_);
            first = false;
            put_primitive(w_, cell, delim_);
          });
        } else {
          start_list();
          encode_value_list_item(w_, first_row_, 1);
          first_row_ = value();
        }
      } else {
        start_list();
        encode_value_list_item(w_, v, 1);
      }
      return {};
    case form::inline_values:
      if (!v.is_primitive())
        return reject_row(
            "is not a primitive, unlike the rows before it: toon::encode would write the array as "
            "a list, not inline");
      w_.delimiter_char(delim_);
      put_primitive(w_, v, delim_);
      return {};
    case form::list:
      encode_value_list_item(w_, v, 1);
      return {};
    case form::table: {
      std::size_t index = 0;
      if (!v.is_object() || !fits(v.as_object(), tree_, index, top_level_count(tree_))) {
        std::string fields;
        append_fields(fields, tree_, delim_);
        return reject_row("does not have the fields " + fields + " of the first row (as " +
                          "primitives and non-empty objects): toon::encode would write the array " +
                          "as a list, not a table");
      }
      w_.begin_line(1);
      bool first = true;
      for_each_leaf(v.as_object(), tree_, [&](const value& cell) {
        if (!first) w_.delimiter_char(delim_);
        first = false;
        put_primitive(w_, cell, delim_);
      });
      return {};
    }
  }
  return {};
}

TOON_FUNC result<void> table_core::flush() {
  const std::size_t n = buffered();
  if (n == 0) return {};
  const char* data = buf_.data();
  switch (kind_) {
    case sink_kind::string:
      string_->append(data, n);
      break;
    case sink_kind::stream: {
      bool ok = false;
      try {
        ok = static_cast<bool>(stream_->write(data, static_cast<std::streamsize>(n)));
      } catch (...) {  // a stream with exceptions() set
      }
      if (!ok) return fail(error{error_code::io_error, "toon::table_writer: writing to the stream failed"});
      break;
    }
    case sink_kind::fd:
      if (const int err = write_all(fd_, std::string_view(data, n)))
        return fail(io_failure("toon::table_writer: write to file descriptor " + std::to_string(fd_) + " failed", err));
      break;
  }
  writer::mark_type start = w_.mark();
  start.offset = 0;
  w_.rewind(start);
  return {};
}

TOON_FUNC result<void> table_core::finish() {
  if (error_.code != error_code::ok) return error_;
  if (finished_) return {};
  if (written_ != rows_) {
    return fail(error{error_code::length_mismatch, "toon::table_writer: " + std::to_string(written_) +
                                                       " rows written, " + std::to_string(rows_) +
                                                       " declared"});
  }
  if (rows_ == 0) {
    // toon::encode of an empty array; under omit_empty the member goes, leaving `{}`: nothing.
    if (key_.empty()) {
      w_.begin_line(0);
      w_.raw("[]");
    } else if (!omit_.empty) {
      w_.begin_line(0);
      w_.key(key_);
      w_.raw(": []");
    }
  }
  if (auto r = flush(); !r) return r;
  if (kind_ == sink_kind::stream) {
    bool ok = false;
    try {
      ok = static_cast<bool>(stream_->flush());
    } catch (...) {  // a stream with exceptions() set
    }
    if (!ok) return fail(error{error_code::io_error, "toon::table_writer: flushing the stream failed"});
  }
  finished_ = true;
  return {};
}

}  // namespace toon::detail
