#include "io/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <streambuf>
#include <utility>

namespace ppn::io {

namespace fs = std::filesystem;

namespace {

std::string why(int err) { return std::strerror(err); }

// The temporaries being written, for the signal handler: Ctrl-C or a kill(1) in the middle of
// a write removes them instead of leaving `.NAME.ppn-XXXXXX` litter (the target is intact
// either way). A fixed table of C strings, so that the handler only reads and calls unlink(2)
// and raise(3), which are async-signal-safe.
constexpr int kMaxTemps = 8;
const char* volatile g_temps[kMaxTemps] = {};

extern "C" void remove_temps_and_die(int sig) {
  for (int i = 0; i < kMaxTemps; ++i)
    if (const char* t = g_temps[i]) ::unlink(t);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void track(const std::string& temp) {
  static const bool installed = [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_DFL) std::signal(sig, remove_temps_and_die);
    }
    return true;
  }();
  (void)installed;
  for (auto& slot : g_temps)
    if (slot == nullptr) {
      slot = temp.c_str();
      return;
    }
}

void untrack(const std::string& temp) {
  for (auto& slot : g_temps)
    if (slot == temp.c_str()) slot = nullptr;
}

// Makes the directory entry of a rename durable; a failure here is not worth an error (the
// rename itself has happened, and the data was synced before it).
void sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

// A buffered stream onto a file descriptor that remembers why a write failed (errno: ENOSPC,
// EFBIG, ...), which std::ofstream forgets.
class FdBuf : public std::streambuf {
 public:
  explicit FdBuf(int fd) : fd_(fd), buf_(1 << 16) { setp(buf_.data(), buf_.data() + buf_.size()); }
  int error() const { return error_; }
  // Writes what is buffered; false (error() set) on failure.
  bool drain() {
    const char* p = pbase();
    while (p < pptr() && error_ == 0) {
      const ssize_t n = ::write(fd_, p, static_cast<std::size_t>(pptr() - p));
      if (n < 0) {
        if (errno != EINTR) error_ = errno;
        continue;
      }
      p += n;
    }
    setp(buf_.data(), buf_.data() + buf_.size());
    return error_ == 0;
  }

 protected:
  int_type overflow(int_type ch) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  int fd_;
  std::vector<char> buf_;
  int error_ = 0;
};

struct OutputFile::File {
  std::string path;   // as the user named it (messages)
  std::string real;   // what is replaced: the file a symbolic link points to, else `path`
  std::string temp;   // empty once committed or discarded, and for a direct write
  bool direct = false;  // a FIFO or a device: written in place (there is nothing to keep)
  int fd = -1;
  std::unique_ptr<FdBuf> buf;
  std::unique_ptr<std::ostream> stream;
  ~File() { drop(); }
  void close_fd() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
  void drop() {
    if (direct) close_fd();
    if (temp.empty()) return;
    untrack(temp);
    close_fd();
    ::unlink(temp.c_str());
    temp.clear();
  }
};

Result<OutputFile> OutputFile::open(const std::string& path) {
  OutputFile out;
  if (path.empty() || path == "-") return out;
  std::error_code ec;
  if (fs::is_directory(path, ec)) return failure(Code::io, "cannot write " + path + ": it is a directory");
  auto f = std::make_unique<File>();
  f->path = path;
  f->real = path;
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists) {
    // Replacing goes to what the name stands for: through a symbolic link to the file it
    // points to (the link stays a link), and never past a permission the shell's `>` honours.
    if (::access(path.c_str(), W_OK) != 0) return failure(Code::io, "cannot write " + path + ": " + why(errno));
    const fs::path resolved = fs::canonical(path, ec);
    if (!ec) f->real = resolved.string();
    if (!S_ISREG(st.st_mode)) {
      // A FIFO, a terminal or a device (/dev/null, /dev/stdout): no file to keep or replace.
      const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd < 0) return failure(Code::io, "cannot write " + path + ": " + why(errno));
      f->direct = true;
      f->fd = fd;
      f->buf = std::make_unique<FdBuf>(fd);
      f->stream = std::make_unique<std::ostream>(f->buf.get());
      out.file_ = std::move(f);
      return out;
    }
  }
  const fs::path target(f->real);
  std::string temp = (target.parent_path() / ("." + target.filename().string() + ".ppn-XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return failure(Code::io, "cannot write " + path + ": " + why(errno));
  f->temp = std::move(temp);
  f->fd = fd;  // ~File closes and removes it on the error paths below
  track(f->temp);
  // mkstemp makes the file 0600, owned by us; the result should have the target's bits and,
  // where we may give it (root), its owner, or the bits of a new file (0666 less the umask).
  if (exists) {
    // fchown first: it may clear set-id bits that fchmod then restores. Not permitted (not
    // root): the file becomes ours, as any editor's rewrite makes it.
    if (::fchown(fd, st.st_uid, st.st_gid) != 0) errno = 0;
    ::fchmod(fd, st.st_mode & 07777);
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
  }
  f->buf = std::make_unique<FdBuf>(fd);
  f->stream = std::make_unique<std::ostream>(f->buf.get());
  out.file_ = std::move(f);
  return out;
}

OutputFile::OutputFile(OutputFile&&) noexcept = default;
OutputFile& OutputFile::operator=(OutputFile&&) noexcept = default;
OutputFile::~OutputFile() = default;

const std::string& OutputFile::path() const {
  static const std::string kStdout = "-";
  return file_ ? file_->path : kStdout;
}

std::ostream& OutputFile::stream() { return file_ ? *file_->stream : std::cout; }

void OutputFile::discard() {
  if (file_) file_->drop();
}

std::optional<std::string> OutputFile::commit() {
  if (!file_) {
    std::cout.flush();
    if (!std::cout) return std::string("write error on standard output");
    return std::nullopt;
  }
  File& f = *file_;
  if (f.direct) {
    f.stream->flush();
    const bool ok = f.buf->drain() && *f.stream;
    const int err = f.buf->error();
    f.close_fd();
    f.direct = false;
    if (!ok) return "cannot write " + f.path + ": " + why(err != 0 ? err : EIO);
    return std::nullopt;
  }
  if (f.temp.empty()) return "cannot write " + f.path + ": already written or discarded";
  const auto failed = [&](int err) {
    f.drop();
    return "cannot write " + f.path + ": " + why(err != 0 ? err : EIO) + "; " + f.path + " is unchanged";
  };
  f.stream->flush();
  if (!f.buf->drain() || !*f.stream) return failed(f.buf->error());
  // The data must be on disk before the rename makes it the file: otherwise a crash right after
  // could leave an empty file under the old name.
  if (::fsync(f.fd) != 0) return failed(errno);
  f.close_fd();
  if (std::rename(f.temp.c_str(), f.real.c_str()) != 0) return failed(errno);
  untrack(f.temp);
  f.temp.clear();
  sync_directory(fs::path(f.real).parent_path());
  return std::nullopt;
}

bool same_file(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty() || a == "-" || b == "-") return false;
  std::error_code ec;
  return fs::equivalent(a, b, ec) && !ec;
}

std::optional<std::string> output_among_inputs(const std::string& output, const std::vector<std::string>& inputs) {
  for (const auto& in : inputs)
    if (same_file(output, in)) return in;
  return std::nullopt;
}

}  // namespace ppn::io
