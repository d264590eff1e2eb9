// replay_main.cpp - main() of the replay executables (toon_fuzz_replay_<target>): runs the
// target's LLVMFuzzerTestOneInput on every file named on the command line and on every file
// under every folder named there (recursively, in sorted order). Built with any compiler,
// without libFuzzer; ctest runs it over fuzz/regressions/<target> and the generated seeds.
//
//   toon_fuzz_replay_decode_strict fuzz/regressions/decode_strict build/fuzz/seeds/toon
//
// Exit status 0 when every input ran (a broken property aborts), 2 on a usage error or when a
// named path does not exist.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool read_file(const std::filesystem::path& p, std::vector<std::uint8_t>& out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
    return 2;
  }
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path p = argv[i];
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(p))
        if (e.is_regular_file() && e.path().filename().string()[0] != '.') files.push_back(e.path());
    } else if (std::filesystem::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {
      std::fprintf(stderr, "%s: no such file or folder: %s\n", argv[0], argv[i]);
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<std::uint8_t> data;
  for (const auto& f : files) {
    if (!read_file(f, data)) {
      std::fprintf(stderr, "%s: cannot read %s\n", argv[0], f.string().c_str());
      return 2;
    }
    std::fprintf(stderr, "%s\n", f.string().c_str());  // the culprit, should the target abort
    LLVMFuzzerTestOneInput(data.data(), data.size());
  }
  std::printf("%zu inputs ran\n", files.size());
  return 0;
}
