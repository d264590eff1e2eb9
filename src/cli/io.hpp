// cli/io.hpp - input and output of the toon tool (POSIX calls, binary, no stdio buffers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "toon/tokens.hpp"

namespace toon_cli {

/// Writes `s` to `f` (stdout or stderr) as it is: messages, help texts, reports.
inline void put(std::FILE* f, std::string_view s) { std::fwrite(s.data(), 1, s.size(), f); }

/// The whole input document. A regular file of at least `map_threshold` bytes is
/// memory-mapped (read lazily and sequentially by the kernel, never copied into the heap);
/// smaller files, pipes, terminals and standard input are read into memory.
class input_text {
 public:
  static constexpr std::size_t map_threshold = std::size_t(1) << 20;

  input_text() = default;
  input_text(const input_text&) = delete;
  input_text& operator=(const input_text&) = delete;
  ~input_text() { release(); }

  /// Reads (or maps) `path`; standard input when empty or "-". On failure returns false
  /// and sets `error` to a message naming the file.
  bool open(const std::string& path, std::string& error);
  /// The document's bytes (valid until release()).
  [[nodiscard]] std::string_view view() const noexcept { return view_; }
  /// True when the input is memory-mapped.
  [[nodiscard]] bool mapped() const noexcept { return map_ != nullptr; }
  /// Frees the document early.
  void release() noexcept;

 private:
  std::string owned_;
  void* map_ = nullptr;
  std::size_t map_size_ = 0;
  std::string_view view_;
};

/// The output: standard output (empty path) or a file. The result is appended to buffer();
/// a producer that writes a large result in pieces calls spill() between pieces, and once the
/// buffer holds `spill_threshold` bytes it is written out and emptied, so memory stays
/// bounded; flush() writes it out earlier (toon decode, when its input pauses). Output that
/// is never spilled or flushed is written in one go by finish() (a file is then created only
/// when the whole result is known). Once spilling has begun, a file is
/// written to a temporary file beside it and renamed over it by finish(): a failed run leaves
/// an existing file untouched; standard output does receive the part written so far.
class output_sink {
 public:
  static constexpr std::size_t spill_threshold = std::size_t(4) << 20;

  explicit output_sink(std::string path) : path_(std::move(path)) {}
  output_sink(const output_sink&) = delete;
  output_sink& operator=(const output_sink&) = delete;
  ~output_sink() { abandon(); }

  [[nodiscard]] std::string& buffer() noexcept { return buffer_; }
  /// Also estimate the tokens of everything written (see toon/tokens.hpp).
  void count_tokens() noexcept { count_tokens_ = true; }

  /// Writes the buffer out when it holds at least spill_threshold bytes. Returns false and
  /// sets `error` when writing fails.
  bool spill(std::string& error);
  /// Writes the buffer out now, whatever its size (as spill() does past the threshold).
  bool flush(std::string& error);
  /// Writes what is left and completes the output (renames a temporary file into place).
  bool finish(std::string& error);
  /// Gives up: removes the temporary file, if any. Called by the destructor.
  void abandon() noexcept;

  /// True once part of the output has been written before finish().
  [[nodiscard]] bool spilled() const noexcept { return spilled_; }
  /// Bytes written by finish() (the whole output).
  [[nodiscard]] std::uint64_t bytes() const noexcept { return bytes_; }
  /// Estimated tokens of the whole output (after finish(), with count_tokens()).
  [[nodiscard]] std::uint64_t tokens() const noexcept { return tokens_; }

 private:
  bool open_target(bool streaming, std::string& error);
  bool write_buffer(std::string& error);

  std::string path_;
  std::string buffer_;
  int fd_ = -1;
  std::string temp_path_;  // non-empty while writing a temporary file
  bool spilled_ = false;
  bool count_tokens_ = false;
  toon::token_estimator estimator_;
  std::uint64_t bytes_ = 0;
  std::uint64_t tokens_ = 0;
};

}  // namespace toon_cli
