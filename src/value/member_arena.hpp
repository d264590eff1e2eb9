// member_arena: where the members of the objects of one whole-text decode are allocated.
#pragma once

#include <cstddef>

namespace toon::detail {

struct member_chunk;  // value.cpp

/// While it lives, the storage of toon::object members allocated on this thread
/// (detail::allocate_members(), every object's member vector) is carved in order from chunks
/// of growing size (512 B to 4 KiB first, by the text's size, doubling to 64 KiB) instead of one
/// operator new per object: a decoded document holds thousands of small objects, and allocating
/// and freeing each of them through the general-purpose heap cost a third of toon::decode on
/// key-heavy documents. Each block records its chunk, and a chunk counts its live blocks
/// (plainly while the arena fills it, atomically once it is released): the chunk is freed with
/// its last block, by whichever thread drops it. The objects outlive the arena and stay ordinary
/// values (moved, copied, grown, freed one by one); an object kept alive keeps its chunk alive.
///
/// Opened on the stack by the code that builds the objects, closed before the objects can be
/// seen by anything else (no other thread touches a chunk while the arena fills it).
class member_arena {
 public:
  /// `input_size`: the size of the text decoded, which sizes the first chunk (a quarter of a
  /// 4 KiB chunk is plenty for a short document, and what its objects keep alive).
  explicit member_arena(std::size_t input_size) noexcept;
  ~member_arena();
  member_arena(const member_arena&) = delete;
  member_arena& operator=(const member_arena&) = delete;

  /// A block of `bytes` (a multiple of 8) from the current chunk, or nullptr when it would take
  /// more than a quarter of a chunk (the caller takes it from the heap).
  void* allocate(std::size_t bytes);

 private:
  void release() noexcept;  // gives the current chunk up (freed now if none of its blocks lives)

  member_arena* previous_;  // the arena open on this thread before this one (nested decodes)
  member_chunk* chunk_ = nullptr;  // the chunk being filled
  char* next_ = nullptr;    // where its next block starts
  char* end_ = nullptr;
  std::size_t blocks_ = 0;  // blocks carved from it so far
  std::size_t next_size_;  // of the next chunk
};

}  // namespace toon::detail
