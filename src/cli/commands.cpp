// cli/commands.cpp - encode (JSON -> TOON) and decode (TOON -> JSON).
#include "commands.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

#include "../json/json_writer.hpp"
#include "io.hpp"
#include "source_lines.hpp"
#include "stats.hpp"
#include "toon/decode.hpp"
#include "toon/encode.hpp"
#include "toon/events.hpp"
#include "toon/json.hpp"
#include "toon/source.hpp"
#include "toon/stream.hpp"
#include "toon/tokens.hpp"

namespace toon_cli {

namespace {

std::string_view input_name(const options& opts) {
  return reads_stdin(opts) ? std::string_view("<stdin>") : std::string_view(opts.input);
}

void print_error(std::string_view message) {
  std::string line(message);
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

void print_stats(const stats& s) {
  std::string report = format_stats(s);
  std::fwrite(report.data(), 1, report.size(), stderr);
}

// Decoder events -> JSON text in the sink's buffer, spilled to the output as it grows, so that
// decoding needs memory for the decoder's state and one buffer of output only.
class streaming_json_writer final : public toon::event_handler {
 public:
  streaming_json_writer(output_sink& out, int indent) : out_(out), json_(out.buffer(), indent) {}

  bool start_object(std::size_t size_hint, std::size_t offset) override {
    return step(json_.start_object(size_hint, offset), offset);
  }
  bool end_object() override { return step(json_.end_object(), 0); }
  bool start_array(std::size_t size, std::size_t offset) override {
    return step(json_.start_array(size, offset), offset);
  }
  bool end_array() override { return step(json_.end_array(), 0); }
  bool key(std::string_view k, std::size_t offset) override { return step(json_.key(k, offset), offset); }
  bool null_value(std::size_t offset) override { return step(json_.null_value(offset), offset); }
  bool bool_value(bool b, std::size_t offset) override { return step(json_.bool_value(b, offset), offset); }
  bool int_value(std::int64_t i, std::size_t offset) override { return step(json_.int_value(i, offset), offset); }
  bool uint_value(std::uint64_t u, std::size_t offset) override { return step(json_.uint_value(u, offset), offset); }
  bool double_value(double d, std::size_t offset) override { return step(json_.double_value(d, offset), offset); }
  bool big_integer_value(std::string_view digits, std::size_t offset) override {
    return step(json_.big_integer_value(digits, offset), offset);
  }
  bool string_value(std::string_view s, std::size_t offset) override {
    return step(json_.string_value(s, offset), offset);
  }

  [[nodiscard]] bool complete() const noexcept { return json_.complete(); }
  /// Makes the sink's buffer hold exactly the JSON written so far (json_emitter::sync()); due
  /// before the buffer is read outside the events.
  void sync() { json_.sync(); }
  /// Set when writing the output failed (the decode then stops with this message).
  [[nodiscard]] const std::string& io_error() const noexcept { return io_error_; }

 private:
  bool step(bool ok, std::size_t offset) {
    if (!ok) return fail(json_.failure().code, json_.failure().message, json_.failure_offset());
    if (json_.size() < output_sink::spill_threshold) return true;
    json_.sync();
    if (!out_.spill(io_error_)) return fail(toon::error_code::io_error, io_error_, offset);
    return true;
  }

  output_sink& out_;
  toon::detail::json_event_writer json_;
  std::string io_error_;
};

// Completes the output; returns the exit status.
int finish(output_sink& out) {
  std::string why;
  if (out.finish(why)) return exit_ok;
  print_error("toon: " + why);
  return exit_data_error;
}

// Completes a decode's output; with `stats`, reports the JSON written against the TOON read
// (`toon_bytes`, and the token count `toon_tokens()` gives, computed only then).
template <class Tokens>
int finish_decode(output_sink& out, bool stats, std::uint64_t toon_bytes, Tokens&& toon_tokens) {
  const int status = finish(out);
  if (status == exit_ok && stats) {
    struct stats s;
    s.json_bytes = out.bytes();
    s.json_tokens = out.tokens();
    s.toon_bytes = toon_bytes;
    s.toon_tokens = toon_tokens();
    print_stats(s);
  }
  return status;
}

}  // namespace

int run_encode(const options& opts) {
  input_text in;
  std::string why;
  if (!in.open(opts.input, why)) {
    print_error("toon: " + why);
    return exit_data_error;
  }

  toon::encode_options eo;
  eo.indent_size = opts.indent;
  eo.delimiter = opts.delimiter;
  eo.omit_null = opts.omit_null;
  eo.omit_empty = opts.omit_empty;
  output_sink out(opts.output);

  // JSON needs the whole document (and TOON's tables need whole arrays), so the input is
  // read completely before anything is written: straight from the (mapped) text to TOON
  // through toon::json_to_toon, in about the input's size of memory besides the input and
  // the output (docs/cli.md, "Memory").
  // The TOON text goes to the output in pieces as it is written (the sink spills its buffer
  // past output_sink::spill_threshold).
  if (!opts.stats) {
    std::string io_error;
    auto r = toon::json_to_toon(in.view(), eo, [&](std::string_view piece) {
      out.buffer().append(piece);
      return out.spill(io_error);
    });
    if (!r) {
      print_error(io_error.empty() ? render_error(r.error(), in.view(), input_name(opts)) : "toon: " + io_error);
      if (io_error.empty())
        if (std::string hint = toon_input_hint(in.view()); !hint.empty()) print_error(hint);
      return exit_data_error;
    }
    in.release();
    out.buffer() += '\n';
    return finish(out);
  }

  // --stats also reports the data as compact JSON: that needs the value tree.
  auto parsed = toon::from_json(in.view());
  if (!parsed) {
    print_error(render_error(parsed.error(), in.view(), input_name(opts)));
    if (std::string hint = toon_input_hint(in.view()); !hint.empty()) print_error(hint);
    return exit_data_error;
  }
  stats s;
  s.json_bytes = in.view().size();
  s.json_tokens = toon::estimate_tokens(in.view());
  // The same data as compact JSON, as `toon decode --json-indent 0` writes it: the TOON is
  // compared with it too, since the input may be indented.
  std::string compact = toon::to_json(*parsed);
  compact += '\n';
  s.compact = text_size{compact.size(), toon::estimate_tokens(compact)};
  in.release();  // the JSON text is no longer needed

  out.count_tokens();
  toon::encode_to(out.buffer(), *parsed, eo);
  out.buffer() += '\n';
  int status = finish(out);
  if (status == exit_ok) {
    s.toon_bytes = out.bytes();
    s.toon_tokens = out.tokens();
    print_stats(s);
  }
  return status;
}

namespace {

// The tree path of non-strict decoding: the whole text, then the value tree, then the JSON.
int decode_tree(const options& opts, const toon::decode_options& d, const toon::json_options& j) {
  input_text in;
  std::string why;
  if (!in.open(opts.input, why)) {
    print_error("toon: " + why);
    return exit_data_error;
  }
  const std::string_view text = in.view();
  output_sink out(opts.output);
  if (opts.stats) out.count_tokens();
  // Non-strict mode lets a repeated key replace the earlier value: that needs the tree.
  auto json = toon::toon_to_json(text, d, j);
  if (!json) {
    print_error(render_error(json.error(), text, input_name(opts)));
    return exit_data_error;
  }
  out.buffer() = std::move(*json);
  out.buffer().push_back('\n');
  return finish_decode(out, opts.stats, text.size(), [&] { return toon::estimate_tokens(text); });
}

// True when reading `fd` would not block (or poll cannot tell).
bool input_ready(int fd) {
  pollfd p{fd, POLLIN, 0};
  int n = 0;
  do n = ::poll(&p, 1, 0);
  while (n < 0 && errno == EINTR);
  return n != 0;
}

// Closes a descriptor this command opened.
struct fd_guard {
  int fd = -1;
  ~fd_guard() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

int run_decode(const options& opts) {
  toon::decode_options d;
  d.indent_size = opts.indent;
  d.strict = opts.strict;
  toon::json_options j;
  j.indent = opts.json_indent.value_or(opts.indent);
  if (!d.strict) return decode_tree(opts, d, j);

  // Strict mode rejects duplicate keys, so each event can be written as it arrives: the input
  // is read in blocks through a stream_decoder and the JSON written as it grows.
  const std::string_view name = input_name(opts);
  fd_guard owned;
  int fd = STDIN_FILENO;
  if (!reads_stdin(opts)) {
    owned.fd = fd = ::open(opts.input.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      print_error("toon: cannot open '" + opts.input + "': " + std::strerror(errno));
      return exit_data_error;
    }
  }
  struct stat st {};
  const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  const off_t start = regular ? ::lseek(fd, 0, SEEK_CUR) : 0;  // stdin may be past the start
#ifdef POSIX_FADV_SEQUENTIAL
  if (regular) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  // Standard output gets the JSON so far whenever the input pauses (a slow producer).
  const bool flush_when_idle = opts.output.empty() && !regular;
  d.max_input_size = SIZE_MAX;  // the input is not held: no whole-input bound

  output_sink out(opts.output);
  if (opts.stats) out.count_tokens();
  streaming_json_writer writer(out, j.indent);
  toon::stream_decoder decoder(writer, d);
  recent_lines recent;
  toon::token_estimator toon_tokens;
  std::uint64_t toon_bytes = 0;
  bool decoder_failed = false;
  std::string flush_error;
  auto r = toon::read_blocks_fd(fd, [&](std::string_view block) -> toon::result<void> {
    toon_bytes += block.size();
    if (opts.stats) toon_tokens.feed(block);
    if (!regular) recent.add(block);  // a regular file's lines are read again on error
    if (auto fed = decoder.feed(block); !fed) {
      decoder_failed = true;
      return fed;
    }
    if (!regular) recent.trim();
    writer.sync();
    if (flush_when_idle && !out.buffer().empty() && !input_ready(fd) && !out.flush(flush_error)) {
      toon::error e;
      e.code = toon::error_code::io_error;
      e.message = flush_error;
      return e;
    }
    return {};
  });
  if (r) {
    r = decoder.finish();
    decoder_failed = !r;
  }
  writer.sync();
  if (!writer.io_error().empty() || !flush_error.empty()) {
    print_error("toon: " + (flush_error.empty() ? writer.io_error() : flush_error));
    return exit_data_error;
  }
  if (!r && !decoder_failed) {
    // read_blocks_fd's message names the descriptor; name the input instead.
    const std::string& m = r.error().message;
    const std::size_t colon = m.find(": ");
    print_error("toon: cannot read " + (reads_stdin(opts) ? std::string("standard input") : "'" + opts.input + "'") +
                (colon == std::string::npos ? std::string() : m.substr(colon)));
    return exit_data_error;
  }
  if (!r) {
    const toon::error& e = r.error();
    std::optional<std::string_view> line;
    std::string reread;
    bool exists = false;
    if (e.line != 0 && regular) {
      if (start >= 0 && read_line_at(fd, start, e.line, reread)) line = reread;
      exists = line.has_value();
    } else if (e.line != 0) {
      line = recent.line(e.line);
      exists = e.line <= recent.line_count();
    }
    print_error(render_error_line(e, line, exists, name));
    return exit_data_error;
  }
  if (!writer.complete()) {
    print_error(std::string(name) + ": incomplete event stream from the decoder");
    return exit_data_error;
  }
  out.buffer().push_back('\n');
  return finish_decode(out, opts.stats, toon_bytes, [&] { return toon_tokens.finish(); });
}

}  // namespace toon_cli
