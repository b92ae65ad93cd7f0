"""Every string the code marks for translation has a finished Portuguese translation."""

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "i18n" / "visualizer_pt.ts"


def messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    root = ET.parse(path).getroot()
    return {(context.findtext("name") or "", message.findtext("source") or ""): message
            for context in root.iter("context") for message in context.iter("message")}


def test_no_string_in_the_code_is_missing_or_unfinished(tmp_path):
    lupdate = shutil.which("pyside6-lupdate", path=str(Path(sys.executable).parent))
    assert lupdate, "pyside6-lupdate ships with PySide6-Essentials"
    sources = sorted(str(p) for p in (ROOT / "visualizer").rglob("*.py"))
    fresh = tmp_path / "fresh.ts"
    subprocess.run([lupdate, *sources, "-ts", str(fresh)], check=True, capture_output=True)
    committed = messages(TS)
    missing = sorted(key for key in messages(fresh) if key not in committed)
    assert missing == [], "run `make translations` and translate these"
    unfinished = sorted(key for key, m in committed.items()
                        if m.find("translation").get("type") in ("unfinished", "vanished", "obsolete")
                        or not (m.findtext("translation") or "").strip())
    assert unfinished == []


def test_compiled_translation_matches_its_source(tmp_path):
    qm = TS.with_suffix(".qm")
    assert qm.exists() and qm.stat().st_size > 1000
    # lrelease output is deterministic: rebuilding must give the committed file.
    lrelease = shutil.which("pyside6-lrelease", path=str(Path(sys.executable).parent))
    rebuilt = tmp_path / "rebuilt.qm"
    subprocess.run([lrelease, str(TS), "-qm", str(rebuilt)], capture_output=True, check=True)
    assert rebuilt.read_bytes() == qm.read_bytes(), "run `make translations`"
