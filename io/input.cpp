// Plain, gzip and zstd input through one std::streambuf (see input.hpp).
#include "io/input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <istream>
#include <memory>
#include <vector>

namespace ppn::io {

namespace {
constexpr std::size_t kChunk = std::size_t{1} << 16;  // bytes read from the file at a time
}  // namespace

// Reads the file descriptor in chunks into raw_, decompresses (or copies) into out_, which is
// the get area. Never throws: a failure is recorded in error_ and reads as the end of the data.
class InputBuf : public std::streambuf {
 public:
  enum class Kind { unknown, plain, gzip, zstd };

  explicit InputBuf(const std::string& path) : raw_(kChunk), out_(kChunk) {
    if (path == "-") {
      fd_ = STDIN_FILENO;
      return;
    }
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
      error_ = std::strerror(errno);
      return;
    }
    own_ = true;
    struct stat st {};
    // open(2) succeeds on a directory; reading it would fail with a less helpful error later.
    if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) error_ = std::strerror(EISDIR);
  }

  explicit InputBuf(std::unique_ptr<std::istream> raw)
      : raw_(kChunk), out_(kChunk), source_(std::move(raw)) {}

  ~InputBuf() override {
    if (z_started_) inflateEnd(&z_);
    if (zs_ != nullptr) ZSTD_freeDStream(zs_);
    if (own_) ::close(fd_);
  }

  const std::string& error() const { return error_; }

  const char* compression() const {
    return kind_ == Kind::gzip ? "gzip" : kind_ == Kind::zstd ? "zstd" : "";
  }

  // Makes at least `want` bytes readable in the get area, unless the data ends first.
  void fill(std::size_t want) {
    std::size_t avail = static_cast<std::size_t>(egptr() - gptr());
    if (avail >= want || !error_.empty()) return;
    if (avail > 0) std::memmove(out_.data(), gptr(), avail);
    if (out_.size() < want) out_.resize(want);
    while (avail < want) {
      const std::size_t n = produce(out_.data() + avail, out_.size() - avail);
      if (n == 0) break;
      avail += n;
    }
    setg(out_.data(), out_.data(), out_.data() + avail);
  }

  std::string_view available() const {
    return {gptr(), static_cast<std::size_t>(egptr() - gptr())};
  }

 protected:
  int_type underflow() override {
    if (gptr() == egptr()) fill(1);
    return gptr() == egptr() ? traits_type::eof() : traits_type::to_int_type(*gptr());
  }

  // tellg(): how far into the file (compressed bytes) the reading is, for progress bars.
  pos_type seekoff(off_type off, std::ios_base::seekdir dir,
                   std::ios_base::openmode which) override {
    if (off != 0 || dir != std::ios_base::cur || (which & std::ios_base::in) == 0)
      return pos_type(off_type(-1));
    auto unread = static_cast<off_type>(raw_end_ - raw_pos_);
    if (kind_ == Kind::plain) unread += egptr() - gptr();
    return pos_type(static_cast<off_type>(raw_total_) - unread);
  }

 private:
  // Reads more of the file into raw_ (after what is unread there). False at the end of the
  // file or on an error.
  bool read_raw() {
    if (raw_eof_ || !error_.empty()) return false;
    if (raw_pos_ == raw_end_) raw_pos_ = raw_end_ = 0;
    if (raw_end_ == raw_.size()) {
      std::memmove(raw_.data(), raw_.data() + raw_pos_, raw_end_ - raw_pos_);
      raw_end_ -= raw_pos_;
      raw_pos_ = 0;
    }
    ssize_t n;
    if (source_) {
      source_->read(raw_.data() + raw_end_, static_cast<std::streamsize>(raw_.size() - raw_end_));
      n = source_->gcount();
      if (source_->bad()) {
        error_ = "read error";
        return false;
      }
    } else {
      do n = ::read(fd_, raw_.data() + raw_end_, raw_.size() - raw_end_);
      while (n < 0 && errno == EINTR);
      if (n < 0) {
        error_ = std::string("read error: ") + std::strerror(errno);
        return false;
      }
    }
    if (n == 0) {
      raw_eof_ = true;
      return false;
    }
    raw_end_ += static_cast<std::size_t>(n);
    raw_total_ += static_cast<std::uint64_t>(n);
    return true;
  }

  std::size_t raw_avail() const { return raw_end_ - raw_pos_; }
  const unsigned char* raw_at() const {
    return reinterpret_cast<const unsigned char*>(raw_.data() + raw_pos_);
  }

  std::size_t fail(std::string why) {
    if (error_.empty()) error_ = std::move(why);
    return 0;
  }

  // The compression, from the first bytes (a pipe may deliver them a few at a time).
  bool sniff() {
    while (raw_avail() < 6 && read_raw()) {
    }
    if (!error_.empty()) return false;
    const unsigned char* b = raw_at();
    const std::size_t n = raw_avail();
    auto starts = [&](std::initializer_list<unsigned char> magic) {
      if (n < magic.size()) return false;
      return std::equal(magic.begin(), magic.end(), b);
    };
    // zstd skippable frames: magic 0x184D2A50..5F, little-endian (pzstd writes one first).
    const bool skippable =
        n >= 4 && (b[0] & 0xF0) == 0x50 && b[1] == 0x2A && b[2] == 0x4D && b[3] == 0x18;
    if (starts({0x1F, 0x8B})) {
      kind_ = Kind::gzip;
      z_ = {};
      if (inflateInit2(&z_, 15 + 16) != Z_OK) return fail("cannot start the gzip decoder"), false;
      z_started_ = true;
    } else if (starts({0x28, 0xB5, 0x2F, 0xFD}) || skippable) {
      kind_ = Kind::zstd;
      zs_ = ZSTD_createDStream();
      if (zs_ == nullptr) return fail("cannot start the zstd decoder"), false;
    } else if (starts({0xFD, '7', 'z', 'X', 'Z', 0x00})) {
      return fail(
                 "xz-compressed data: ppn reads plain, gzip and zstd files; decompress it first "
                 "(unxz)"),
             false;
    } else if (starts({'B', 'Z', 'h'}) && n >= 4 && b[3] >= '1' && b[3] <= '9') {
      return fail(
                 "bzip2-compressed data: ppn reads plain, gzip and zstd files; decompress it first "
                 "(bunzip2)"),
             false;
    } else if (starts({'P', 'K', 0x03, 0x04})) {
      return fail("a zip archive: ppn reads plain, gzip and zstd files; extract it first (unzip)"),
             false;
    } else {
      kind_ = Kind::plain;
    }
    return true;
  }

  // Up to `cap` bytes of the data into dst; 0 at its end (or on an error).
  std::size_t produce(char* dst, std::size_t cap) {
    if (kind_ == Kind::unknown && !sniff()) return 0;
    switch (kind_) {
      case Kind::plain:
        return plain(dst, cap);
      case Kind::gzip:
        return gunzip(dst, cap);
      case Kind::zstd:
        return unzstd(dst, cap);
      case Kind::unknown:
        break;
    }
    return 0;
  }

  std::size_t plain(char* dst, std::size_t cap) {
    if (raw_avail() == 0 && !read_raw()) return 0;
    const std::size_t n = std::min(cap, raw_avail());
    std::memcpy(dst, raw_.data() + raw_pos_, n);
    raw_pos_ += n;
    return n;
  }

  std::size_t gunzip(char* dst, std::size_t cap) {
    for (;;) {
      if (member_done_) {
        // Another gzip member may follow (concatenated .gz files are one stream to gzip -d).
        while (raw_avail() < 2 && read_raw()) {
        }
        if (!error_.empty() || raw_avail() == 0) return 0;
        if (raw_avail() < 2 || raw_at()[0] != 0x1F || raw_at()[1] != 0x8B)
          return fail(
              "corrupt gzip data: bytes that are not gzip follow the end of the compressed stream");
        inflateReset(&z_);
        member_done_ = false;
      }
      z_.next_in = reinterpret_cast<Bytef*>(raw_.data() + raw_pos_);
      z_.avail_in = static_cast<uInt>(raw_avail());
      z_.next_out = reinterpret_cast<Bytef*>(dst);
      z_.avail_out = static_cast<uInt>(cap);
      const int rc = inflate(&z_, Z_NO_FLUSH);
      raw_pos_ = raw_end_ - z_.avail_in;
      const std::size_t made = cap - z_.avail_out;
      if (rc == Z_STREAM_END)
        member_done_ = true;
      else if (rc != Z_OK && rc != Z_BUF_ERROR)
        return fail(std::string("corrupt gzip data: ") +
                    (z_.msg != nullptr ? z_.msg : "inflate failed"));
      if (made > 0) return made;
      if (member_done_) continue;
      if (!read_raw()) {
        if (!error_.empty()) return 0;
        return fail("truncated gzip data: the file ends inside the compressed stream");
      }
    }
  }

  std::size_t unzstd(char* dst, std::size_t cap) {
    for (;;) {
      ZSTD_inBuffer in{raw_.data() + raw_pos_, raw_avail(), 0};
      ZSTD_outBuffer out{dst, cap, 0};
      const std::size_t rc = ZSTD_decompressStream(zs_, &out, &in);
      raw_pos_ += in.pos;
      if (ZSTD_isError(rc)) return fail(std::string("corrupt zstd data: ") + ZSTD_getErrorName(rc));
      // 0: a frame was completely decoded and flushed. (A call that moved nothing says
      // nothing: after a frame it already asks for the next frame's header.)
      if (in.pos > 0 || out.pos > 0) frame_open_ = rc != 0;
      if (out.pos > 0) return out.pos;
      if (raw_avail() > 0) continue;
      if (!read_raw()) {
        if (!error_.empty()) return 0;
        if (frame_open_)
          return fail("truncated zstd data: the file ends inside a compressed frame");
        return 0;
      }
    }
  }

  int fd_ = -1;
  bool own_ = false;
  std::unique_ptr<std::istream> source_;  // read instead of fd_ when set
  std::string error_;
  Kind kind_ = Kind::unknown;
  std::vector<char> raw_;
  std::size_t raw_pos_ = 0, raw_end_ = 0;
  std::uint64_t raw_total_ = 0;
  bool raw_eof_ = false;
  std::vector<char> out_;
  z_stream z_{};
  bool z_started_ = false;
  bool member_done_ = false;
  ZSTD_DStream* zs_ = nullptr;
  bool frame_open_ = false;
};

Input::Input(const std::string& path)
    : std::istream(nullptr), buf_(std::make_unique<InputBuf>(path)) {
  rdbuf(buf_.get());
  if (!buf_->error().empty()) setstate(std::ios_base::failbit);
}

Input::Input(std::unique_ptr<std::istream> raw)
    : std::istream(nullptr), buf_(std::make_unique<InputBuf>(std::move(raw))) {
  rdbuf(buf_.get());
}

Input::~Input() = default;

const std::string& Input::error() const { return buf_->error(); }

const char* Input::compression() const { return buf_->compression(); }

std::string_view Input::peek(std::size_t n) {
  buf_->fill(n);
  return buf_->available().substr(0, n);
}

std::string read_error(const std::istream& in) {
  if (const auto* input = dynamic_cast<const Input*>(&in);
      input != nullptr && !input->error().empty())
    return input->error();
  return in.bad() ? "read error" : "";
}

}  // namespace ppn::io
