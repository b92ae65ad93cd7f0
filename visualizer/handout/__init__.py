"""The lesson's handout: what it says, as HTML blocks without Qt (:mod:`.content`), the paper it is
laid out for (:mod:`.paper`), and the PDF (:mod:`.pdf`)."""
