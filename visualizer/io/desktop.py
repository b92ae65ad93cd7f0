"""Put the app in the desktop's launcher menu (freedesktop.org: Linux, BSD) or take it out. No Qt.

The menu entry is the checked-in ``.desktop`` file with its ``Exec=`` line pointed at the command
that is running now (the standalone folder, a pipx install, or ``python main.py``), so the entry
starts the same app the teacher installed it from. The icon goes into the hicolor theme.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from visualizer.resources import resource

APP_ID = "embedding-visualizer"
DESKTOP_FILE = f"{APP_ID}.desktop"
ICON_FILE = f"{APP_ID}.svg"


class DesktopError(OSError):
    """The entry could not be written or removed; the message says which file and why."""


@dataclass(frozen=True)
class DesktopPaths:
    """Where the launcher entry and its icon live for this user."""

    entry: Path
    icon: Path


def data_home(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or relative (as the spec says)."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    home = env.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "share"


def desktop_paths(environ: dict[str, str] | None = None) -> DesktopPaths:
    """The entry under ``applications/`` and the icon under ``icons/hicolor/scalable/apps/``."""
    base = data_home(environ)
    return DesktopPaths(base / "applications" / DESKTOP_FILE,
                        base / "icons" / "hicolor" / "scalable" / "apps" / ICON_FILE)


def launch_command() -> list[str]:
    """The command that starts this same app: the frozen executable, or Python and the app's launcher."""
    # absolute(), not resolve(): a virtualenv's python is a symlink whose own path selects the venv.
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "visualizer"]


def _exec_line(command: list[str]) -> str:
    # The desktop entry spec quotes arguments with double quotes and escapes \ " ` $ inside them.
    def quote(argument: str) -> str:
        if argument and all(c.isalnum() or c in "/._-+=:" for c in argument):
            return argument
        escaped = "".join("\\" + c if c in '\\"`$' else c for c in argument)
        return f'"{escaped}"'

    return " ".join(quote(argument) for argument in command)


def desktop_entry(command: list[str] | None = None, template: Path | None = None) -> str:
    """The checked-in ``.desktop`` text with ``Exec=`` running ``command`` and ``TryExec=`` its program."""
    source = template or resource(DESKTOP_FILE)
    try:
        lines = source.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise DesktopError(f"cannot read the desktop entry {source}: {error}") from None
    command = command or launch_command()
    out = []
    for line in lines:
        if line.startswith("TryExec="):
            continue
        if line.startswith("Exec="):
            out.append(f"TryExec={command[0]}")
            out.append(f"Exec={_exec_line(command)}")
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def install_desktop(environ: dict[str, str] | None = None, command: list[str] | None = None) -> DesktopPaths:
    """Write the launcher entry and the icon for this user; returns where they went.

    Raises
    ------
    DesktopError
        A file could not be read or written (the message names it).
    """
    paths = desktop_paths(environ)
    text = desktop_entry(command)
    icon = resource("icons", ICON_FILE)
    try:
        icon_bytes = icon.read_bytes()
    except OSError as error:
        raise DesktopError(f"cannot read the icon {icon}: {error.strerror or error}") from None
    for path, data in ((paths.icon, icon_bytes), (paths.entry, text.encode("utf-8"))):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(path.name + ".partial")
            partial.write_bytes(data)
            os.replace(partial, path)  # never a half-written entry in the menu
        except OSError as error:
            raise DesktopError(f"cannot write {path}: {error.strerror or error}") from None
    return paths


def uninstall_desktop(environ: dict[str, str] | None = None) -> list[Path]:
    """Remove the launcher entry and the icon; returns the files that were there and are gone."""
    removed = []
    for path in (desktop_paths(environ).entry, desktop_paths(environ).icon):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            raise DesktopError(f"cannot remove {path}: {error.strerror or error}") from None
        removed.append(path)
    return removed

