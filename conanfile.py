# Conan 2 recipe of toon-cpp: the toon libraries (static by default) as the CMake targets
# toon::toon (core), toon::dsl and toon::mcp (cpp_info.components). The version is read from
# project(VERSION ...) in CMakeLists.txt.
#
#   conan create . --build=missing              # build the package and run test_package/
#
# scripts/ci-package.sh runs this offline, with fmt, Boost and simdjson taken from the system
# through a profile's [platform_requires]; see docs/packaging.md.
import os
import re

from conan import ConanFile
from conan.errors import ConanException
from conan.tools.build import check_min_cppstd
from conan.tools.cmake import CMake, CMakeDeps, CMakeToolchain
from conan.tools.files import copy, load, rmdir

required_conan_version = ">=2.0"


class ToonConan(ConanFile):
    name = "toon"
    description = "TOON (Token-Oriented Object Notation) for C++: encoder, decoder and typed mapping of C++ types"
    topics = ("toon", "json", "serialization", "llm", "reflection")
    package_type = "library"
    settings = "os", "arch", "compiler", "build_type"
    options = {"shared": [True, False], "fPIC": [True, False]}
    default_options = {"shared": False, "fPIC": True, "boost/*:header_only": True}
    exports_sources = "CMakeLists.txt", "cmake/*", "include/*", "src/*"

    def set_version(self):
        cmakelists = load(self, os.path.join(self.recipe_folder, "CMakeLists.txt"))
        match = re.search(r"project\(\s*toon\s+VERSION\s+([0-9]+\.[0-9]+\.[0-9]+)", cmakelists)
        if not match:
            raise ConanException("project(toon VERSION x.y.z) not found in CMakeLists.txt")
        self.version = match.group(1)

    def config_options(self):
        if self.settings.os == "Windows":
            del self.options.fPIC

    def configure(self):
        if self.options.shared:
            self.options.rm_safe("fPIC")

    def layout(self):
        # cmake_layout's folders, with the build one level deep (build-conan/, like the
        # project's own build/): the compiler cache (ccache, CMakeLists.txt) keys paths relative
        # to the build folder, so that `conan create` reuses the objects of a Release build of
        # the same sources (scripts/ci-package.sh after scripts/test.sh).
        self.folders.source = "."
        self.folders.build = "build-conan"
        self.folders.generators = os.path.join("build-conan", "generators")

    def requirements(self):
        # Public: the headers include Boost.PFR (header-only) and fmt (<toon/fmt.hpp>).
        self.requires("boost/[>=1.81 <2]", transitive_headers=True)
        self.requires("fmt/[>=9.1 <12]", transitive_headers=True)
        # Private: only the library's sources use simdjson (still linked by consumers of the
        # static library, which Conan handles).
        self.requires("simdjson/[>=3.0 <4]")
        # Private to toon::mcp: libcrypto's SHA-256, CSPRNG and signatures (the OAuth client).
        self.requires("openssl/[>=3.0 <4]")

    def validate(self):
        check_min_cppstd(self, 20)

    def generate(self):
        tc = CMakeToolchain(self)
        tc.cache_variables["TOON_BUILD_TESTS"] = False
        tc.cache_variables["TOON_BUILD_CLI"] = False
        tc.cache_variables["TOON_BUILD_FUZZERS"] = False
        tc.cache_variables["TOON_INSTALL"] = True
        tc.generate()
        CMakeDeps(self).generate()

    def build(self):
        cmake = CMake(self)
        cmake.configure()
        cmake.build()

    def package(self):
        cmake = CMake(self)
        cmake.install()
        # Consumers get the targets from Conan's generators (CMakeDeps, PkgConfigDeps).
        rmdir(self, os.path.join(self.package_folder, "lib", "cmake"))
        rmdir(self, os.path.join(self.package_folder, "lib", "pkgconfig"))

    def package_info(self):
        # Three components, as in the CMake package (docs/packaging.md, "Components"):
        # toon::toon (the core codec: no threads), toon::dsl (MCP-DSL) and toon::mcp (MCP server,
        # client and processes: threads), each with its pkg-config file.
        self.cpp_info.set_property("cmake_file_name", "toon")
        self.cpp_info.set_property("cmake_target_name", "toon::toon_all")
        self.cpp_info.set_property("pkg_config_name", "toon-all")
        core = self.cpp_info.components["toon"]
        core.set_property("cmake_target_name", "toon::toon")
        core.set_property("pkg_config_name", "toon")
        core.libs = ["toon"]
        dsl = self.cpp_info.components["dsl"]
        dsl.set_property("cmake_target_name", "toon::dsl")
        dsl.set_property("pkg_config_name", "toon-dsl")
        dsl.libs = ["toon_dsl"]
        dsl.requires = ["toon"]
        mcp = self.cpp_info.components["mcp"]
        mcp.set_property("cmake_target_name", "toon::mcp")
        mcp.set_property("pkg_config_name", "toon-mcp")
        mcp.libs = ["toon_mcp"]
        mcp.requires = ["dsl"]
        if self.settings.os in ("Linux", "FreeBSD"):
            mcp.system_libs.append("pthread")  # toon::mcp's threads; the core needs none
        # A dependency mapped to the system by the profile's [platform_requires] has no Conan
        # package, so the generators know no library for it. Consumers of the static library
        # must still link simdjson, and fmt backs <toon/fmt.hpp>: name the system libraries.
        # Boost is header-only here, on the default include path. (self.dependencies.get()
        # hides platform dependencies, hence the loop over items().)
        for require, dep in self.dependencies.items():
            name = require.ref.name
            if name in ("simdjson", "fmt") and not require.build and dep.package_folder is None:
                core.system_libs.append(name)
            if name == "openssl" and not require.build:
                if dep.package_folder is None:
                    mcp.system_libs.append("crypto")
                else:
                    mcp.requires.append("openssl::crypto")
