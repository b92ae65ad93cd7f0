"""The shell: the main window and what it does (menus and keys, presentation, documents, exports).

The shell sits above every feature: it makes the views of ``toy``, ``lesson``, ``lab``, ``real``
and ``poll`` and hands each part what it uses. Nothing below imports the shell.
"""
