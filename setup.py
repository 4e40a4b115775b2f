"""Builds ppn._ppn with the project's CMake (pyproject.toml says how to install it).

The extension is the CMake target ppn_python (python/CMakeLists.txt), built for the
interpreter running this (sys.executable). PPN_CMAKE_BUILD_DIR names an existing build
directory to build it in (its configuration is kept: it must be for the same Python version);
by default a fresh Release build is configured under setuptools' temporary directory.
"""
import glob
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = os.path.dirname(os.path.abspath(__file__))


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = os.environ.get("PPN_CMAKE_BUILD_DIR") or os.path.join(os.path.abspath(self.build_temp), "cmake")
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
            subprocess.check_call(["cmake", "-S", SOURCE, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                                   "-DPPN_BUILD_TESTS=OFF", f"-DPPN_PYTHON={sys.executable}"])
        jobs = str(os.cpu_count() or 2)
        subprocess.check_call(["cmake", "--build", build_dir, "--target", "ppn_python", "-j", jobs])
        built = glob.glob(os.path.join(build_dir, "python", "ppn", "_ppn*.so"))
        if len(built) != 1:
            raise RuntimeError(f"expected one ppn extension in {build_dir}/python/ppn, found {built}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built[0], target)


setup(ext_modules=[CMakeExtension("ppn._ppn")], cmdclass={"build_ext": CMakeBuild})
