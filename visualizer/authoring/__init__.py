"""Writing a lesson in the app: a moment of the model made a step, its texts and question edited
beside the stage, every change undoable, the lesson saved as a file (docs/lesson-format.md).

``drafts`` and ``edits`` are Qt-free: a new question drafted by its kind, and every change to a
lesson as a function that returns the changed lesson, checked whole as the lesson file is. The
rest is the editor: the dock, its step list and form, and the undo stack of the lesson's changes.
"""
