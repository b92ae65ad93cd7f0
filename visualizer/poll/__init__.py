"""The class poll: phones in the room answer the lesson's questions on a page the app serves.

Qt-free, off the UI thread: the web application (:mod:`.web`), its server (:mod:`.server`, waitress
on a thread of its own, only on the room's network, only while a poll is open), the answers in
memory (:mod:`.ballot`), where the poll may listen (:mod:`.network`) and its limits
(:mod:`.rate_limit`, :mod:`.crowding`). With Qt: the controller that hands answers to the window
through signals (:mod:`.class_poll`), the window's part (:mod:`.part`: menu, keys, buttons), its band
on stage (:mod:`.band`) and the widgets that show it (:mod:`.join_panel`, :mod:`.results`,
:mod:`.practice_question`, :mod:`.qr_code`). Nothing is imported until a poll is used.
"""
