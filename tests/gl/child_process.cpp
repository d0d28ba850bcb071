#include "tests/gl/child_process.h"

#include "engine/core/paths.h"

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

extern char** environ;
#endif

namespace fx::gltest {

std::vector<std::string> shellWords(const std::string& words) {
  std::vector<std::string> out;
  std::string word;
  bool inWord = false, quoted = false;
  for (char c : words) {
    if (quoted) {
      if (c == '\'')
        quoted = false;
      else
        word += c;
    } else if (c == '\'') {
      quoted = inWord = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (inWord) out.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) out.push_back(word);
  return out;
}

#ifdef _WIN32

namespace {

std::wstring wide(const std::string& s) { return toPath(s).wstring(); }

// One argument quoted for CommandLineToArgvW's rules: backslashes double only before a quote.
std::wstring quotedArgument(const std::wstring& arg) {
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

HANDLE openOutput(const std::filesystem::path& p) {
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  const std::wstring name = p.empty() ? L"NUL" : p.wstring();
  return CreateFileW(name.c_str(), FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                     p.empty() ? OPEN_EXISTING : CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
}

}  // namespace

int runFxview(const std::string& args, const ChildOptions& options) {
  std::wstring commandLine = quotedArgument(wide(FXVIEW_BINARY));
  for (const std::string& a : shellWords(args)) commandLine += L" " + quotedArgument(wide(a));
  std::wstring env;
  for (const auto& [name, value] : options.environment) env += wide(name + "=" + value) + L'\0';
  if (wchar_t* block = GetEnvironmentStringsW()) {
    for (const wchar_t* e = block; *e; e += wcslen(e) + 1) env += std::wstring(e) + L'\0';
    FreeEnvironmentStringsW(block);
  }
  env += L'\0';
  HANDLE out = openOutput(options.stdoutFile);
  HANDLE err = !options.stderrFile.empty() && options.stderrFile == options.stdoutFile
                   ? out
                   : openOutput(options.stderrFile);
  STARTUPINFOW si{};
  si.cb = sizeof si;
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
  si.hStdOutput = out;
  si.hStdError = err;
  PROCESS_INFORMATION pi{};
  const BOOL started = CreateProcessW(nullptr, commandLine.data(), nullptr, nullptr, TRUE,
                                      CREATE_UNICODE_ENVIRONMENT, env.data(), nullptr, &si, &pi);
  if (out != INVALID_HANDLE_VALUE) CloseHandle(out);
  if (err != out && err != INVALID_HANDLE_VALUE) CloseHandle(err);
  if (!started) return -1;
  WaitForSingleObject(pi.hProcess, INFINITE);
  DWORD code = 0;
  GetExitCodeProcess(pi.hProcess, &code);
  CloseHandle(pi.hThread);
  CloseHandle(pi.hProcess);
  return int(code);
}

#else

int runFxview(const std::string& args, const ChildOptions& options) {
  std::vector<std::string> argv = shellWords(args);
  argv.insert(argv.begin(), FXVIEW_BINARY);
  std::vector<char*> argp;
  for (std::string& a : argv) argp.push_back(a.data());
  argp.push_back(nullptr);
  std::vector<std::string> envText;
  for (const auto& [name, value] : options.environment) envText.push_back(name + "=" + value);
  for (char** e = environ; *e; ++e) {
    const bool display = !std::strncmp(*e, "DISPLAY=", 8) || !std::strncmp(*e, "WAYLAND_DISPLAY=", 16);
    if (!(options.noDisplay && display)) envText.emplace_back(*e);
  }
  std::vector<char*> envp;
  for (std::string& e : envText) envp.push_back(e.data());
  envp.push_back(nullptr);
  const std::string out = options.stdoutFile.empty() ? "/dev/null" : options.stdoutFile.string();
  const std::string err = options.stderrFile.empty() ? "/dev/null" : options.stderrFile.string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (err == out && !options.stderrFile.empty())
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
  else
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argp[0], &actions, nullptr, argp.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

#endif

}  // namespace fx::gltest
