"""The guided lesson: its file (:mod:`.file`, checked field by field: :mod:`.schema`), the run that
walks through it (:mod:`.run`), the kinds of check-yourself question (:mod:`.kinds`, one module each)
and the questions they compute (:mod:`.questions`), a step's cue to its view (:mod:`.cue`); all
without Qt. With Qt: the lesson's panel (:mod:`.panel`), its band beside or under the views
(:mod:`.band`) and the first run's hint."""
