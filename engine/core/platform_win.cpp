// platform.h on Windows.
#ifdef _WIN32
#include "engine/core/platform.h"
#include "engine/core/platform_files.h"

#include "engine/core/windows_api.h"
// After windows.h, which they need.
#include <fcntl.h>
#include <io.h>
#include <shellapi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "engine/core/paths.h"

namespace fx::platform {

namespace fs = std::filesystem;

namespace {

// UTF-16 <-> UTF-8 through paths.h's conversion (the one every file name takes).
std::string narrow(const wchar_t* w) {
  return w ? toUtf8(fs::path(w)) : std::string();
}

std::wstring widen(const char* s) {
  return toPath(s).native();
}

double seconds(const FILETIME& t) {
  ULARGE_INTEGER u;
  u.LowPart = t.dwLowDateTime;
  u.HighPart = t.dwHighDateTime;
  return double(u.QuadPart) * 1e-7;  // 100 ns units
}

}  // namespace

std::string environment(const char* name) {
  return narrow(_wgetenv(widen(name).c_str()));
}

fs::path executablePath() {
  std::wstring buf(512, L'\0');
  for (;;) {
    DWORD n = GetModuleFileNameW(nullptr, buf.data(), DWORD(buf.size()));
    if (n == 0) return {};
    if (n < buf.size()) return fs::path(buf.substr(0, n));
    buf.resize(buf.size() * 2);
  }
}

std::string invocationName() {
  int n = 0;
  wchar_t** wide = CommandLineToArgvW(GetCommandLineW(), &n);
  std::string first = wide && n > 0 ? narrow(wide[0]) : std::string();
  if (wide) LocalFree(wide);
  return first;
}

std::vector<std::string> utf8Arguments(int argc, char** argv) {
  int n = 0;
  wchar_t** wide = CommandLineToArgvW(GetCommandLineW(), &n);
  if (!wide || n != argc) {  // should not happen; keep what main() was given
    if (wide) LocalFree(wide);
    return std::vector<std::string>(argv, argv + argc);
  }
  std::vector<std::string> args;
  for (int i = 0; i < n; ++i) args.push_back(narrow(wide[i]));
  LocalFree(wide);
  return args;
}

void prepareStandardStreams() {
  _setmode(_fileno(stdout), _O_BINARY);
  _setmode(_fileno(stderr), _O_BINARY);
  SetConsoleOutputCP(CP_UTF8);
}

void leaveOwnConsole() {
  DWORD processes[2];
  if (GetConsoleProcessList(processes, 2) != 1) return;
  if (GetFileType(GetStdHandle(STD_OUTPUT_HANDLE)) != FILE_TYPE_CHAR) return;
  FreeConsole();
}

void keepInputLibrariesLoaded() {
  // The names GLFW tries, in its order; a second reference, never released, keeps the one it
  // loaded in memory past its FreeLibrary.
  for (const wchar_t* name :
       {L"xinput1_4.dll", L"xinput1_3.dll", L"xinput9_1_0.dll", L"xinput1_2.dll", L"xinput1_1.dll"})
    if (GetModuleHandleW(name)) LoadLibraryW(name);
}

fs::path settingsFolder() {
  const std::string explicitDir = environment("FXVIEW_SETTINGS_DIR");
  if (!explicitDir.empty()) return toPath(explicitDir);
  const std::string appData = environment("APPDATA");
  if (!appData.empty()) return toPath(appData) / "fxview";
  return {};
}

fs::path cacheFolder() {
  const std::string local = environment("LOCALAPPDATA");
  if (!local.empty()) return toPath(local) / "fxview";
  std::error_code ec;
  return fs::temp_directory_path(ec) / "fxview";
}

fs::path userDataFolder() {
  const std::string local = environment("LOCALAPPDATA");
  if (!local.empty()) return toPath(local) / "fxview";
  return {};
}

bool FileLock::acquire(const fs::path& path) {
  release();
  HANDLE h = CreateFileW(path.c_str(), GENERIC_READ | GENERIC_WRITE,
                         FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) return false;
  OVERLAPPED at{};
  if (!LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at)) {
    CloseHandle(h);
    return false;
  }
  handle_ = reinterpret_cast<intptr_t>(h);
  return true;
}

void FileLock::release() {
  if (handle_ == -1) return;
  CloseHandle(reinterpret_cast<HANDLE>(handle_));  // drops the lock
  handle_ = -1;
}

bool fileLocked(const fs::path& path) {
  HANDLE h = CreateFileW(path.c_str(), GENERIC_READ,
                         FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) return false;
  OVERLAPPED at{};
  const bool got = LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at);
  if (got) UnlockFileEx(h, 0, 1, 0, &at);
  CloseHandle(h);
  return !got;
}

bool isExecutableFile(const fs::path& p) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return false;
  std::wstring ext = p.extension().wstring();
  for (wchar_t& c : ext) c = wchar_t(towlower(c));
  return ext == L".exe" || ext == L".com";
}

double processAgeSeconds() {
  FILETIME created, exited, kernel, user, now;
  if (!GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user)) return 0.0;
  GetSystemTimeAsFileTime(&now);
  double age = seconds(now) - seconds(created);
  return age > 0.0 ? age : 0.0;
}

double processCpuSeconds() {
  FILETIME created, exited, kernel, user;
  if (!GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user)) return 0.0;
  return seconds(kernel) + seconds(user);
}

bool displayAvailable() {
  return true;
}

namespace {

// One argument quoted for CommandLineToArgvW's rules: backslashes double only before a quote.
std::wstring quoted(const std::wstring& arg) {
  if (!arg.empty() && arg.find_first_of(L" \t\"") == std::wstring::npos) return arg;
  std::wstring out = L"\"";
  size_t slashes = 0;
  for (wchar_t c : arg) {
    if (c == L'\\') {
      ++slashes;
      continue;
    }
    out.append(c == L'"' ? slashes * 2 + 1 : slashes, L'\\');
    slashes = 0;
    out += c;
  }
  out.append(slashes * 2, L'\\');
  return out + L"\"";
}

// This process's environment without the names in `unset` and with `extra` added (first: the
// first of a name wins), as CreateProcessW's block.
std::wstring environmentBlock(const std::vector<std::string>& extra,
                              const std::vector<std::string>& unset) {
  std::wstring block;
  for (const std::string& e : extra) block += widen(e.c_str()) + L'\0';
  if (wchar_t* env = GetEnvironmentStringsW()) {
    for (const wchar_t* e = env; *e; e += wcslen(e) + 1) {
      const std::string entry = narrow(e);
      if (std::find(unset.begin(), unset.end(), entry.substr(0, entry.find('='))) == unset.end())
        block += std::wstring(e) + L'\0';
    }
    FreeEnvironmentStringsW(env);
  }
  return block + L'\0';
}

// A file the child writes its output to (inherited); NUL for none.
HANDLE openOutput(const fs::path& p) {
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  return CreateFileW(p.empty() ? L"NUL" : p.c_str(), GENERIC_WRITE,
                     FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                     p.empty() ? OPEN_EXISTING : CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
}

}  // namespace

int runProcess(const ProcessOptions& o) {
  if (o.args.empty()) return -1;
  std::wstring commandLine;
  for (const std::string& a : o.args)
    commandLine += (commandLine.empty() ? L"" : L" ") + quoted(widen(a.c_str()));
  HANDLE out = openOutput(o.stdoutFile);
  const bool shared = !o.stderrFile.empty() && o.stderrFile == o.stdoutFile;
  HANDLE err = shared ? out : openOutput(o.stderrFile);
  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
  si.hStdOutput = out;
  si.hStdError = err;
  PROCESS_INFORMATION pi{};
  std::wstring env = environmentBlock(o.extraEnv, o.unsetEnv);
  BOOL ok = CreateProcessW(nullptr, commandLine.data(), nullptr, nullptr, TRUE,
                           CREATE_UNICODE_ENVIRONMENT, env.data(), nullptr, &si, &pi);
  if (out != INVALID_HANDLE_VALUE) CloseHandle(out);
  if (!shared && err != INVALID_HANDLE_VALUE) CloseHandle(err);
  if (!ok) return -1;
  WaitForSingleObject(pi.hProcess, INFINITE);
  DWORD code = 0;
  GetExitCodeProcess(pi.hProcess, &code);
  CloseHandle(pi.hThread);
  CloseHandle(pi.hProcess);
  return int(code);
}

std::tm localTime(std::time_t t) {
  std::tm tm{};
  localtime_s(&tm, &t);
  return tm;
}

long processId() {
  return long(GetCurrentProcessId());
}

size_t lastLevelCacheBytes() {
  DWORD bytes = 0;
  GetLogicalProcessorInformation(nullptr, &bytes);
  std::vector<SYSTEM_LOGICAL_PROCESSOR_INFORMATION> info(
      bytes / sizeof(SYSTEM_LOGICAL_PROCESSOR_INFORMATION) + 1);
  if (!GetLogicalProcessorInformation(info.data(), &bytes)) return 0;
  size_t best = 0;
  int level = 0;
  for (size_t i = 0; i < bytes / sizeof(SYSTEM_LOGICAL_PROCESSOR_INFORMATION); ++i)
    if (info[i].Relationship == RelationCache && info[i].Cache.Level >= level) {
      level = info[i].Cache.Level;
      best = info[i].Cache.Size;
    }
  return best;
}

bool fileIdentity(const fs::path& p, FileIdentity& out) {
  // No access rights asked: works on a file another program holds open, and on folders.
  HANDLE h = CreateFileW(p.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                         nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  if (h == INVALID_HANDLE_VALUE) return false;
  BY_HANDLE_FILE_INFORMATION info{};
  const bool ok = GetFileInformationByHandle(h, &info);
  CloseHandle(h);
  if (!ok) return false;
  out = {.device = uint64_t(info.dwVolumeSerialNumber),
         .index = (uint64_t(info.nFileIndexHigh) << 32) | info.nFileIndexLow,
         .links = uint32_t(info.nNumberOfLinks)};
  return true;
}

FileStamp fileStamp(const fs::path& p) {
  WIN32_FILE_ATTRIBUTE_DATA data{};
  if (!GetFileAttributesExW(p.c_str(), GetFileExInfoStandard, &data)) return {};
  return {.modified = int64_t((uint64_t(data.ftLastWriteTime.dwHighDateTime) << 32) |
                              data.ftLastWriteTime.dwLowDateTime),
          .size = (uint64_t(data.nFileSizeHigh) << 32) | data.nFileSizeLow,
          .exists = true};
}

char pathListSeparator() {
  return ';';
}

const char* directorySeparators() {
  return "/\\";
}

}  // namespace fx::platform
#endif  // _WIN32
