// The phone page of the class poll: it follows the step on stage (its title, its caption, the
// matrix in front as a table) and, on a question, shows the choices. Everything it loads comes
// from the teacher's laptop (the page's own folder). Every text, the lesson's included, is set
// with textContent only, never parsed as HTML: a teacher's "<b>" shows as typed.
"use strict";

(() => {
  const RETRY_MS = 2000; // after an error: the laptop may be gone for a moment
  const QUIET_MS = 1000; // a wait that came back unchanged at once: never ask in a tight loop
  const LANGUAGE_KEY = "class-poll-language";
  let words = null;
  let state = null; // the last status: {revision, language, question, stage, your_answer, replaced}
  let tag = null; // its ETag: the server keeps "status?wait" with it until something changes
  let lost = false;
  let note = null; // a message about the last answer sent (key and values), until the next change
  let shown = ""; // what the choices were last drawn from
  let staged = ""; // what the stage was last drawn from

  const $ = (id) => document.getElementById(id);

  function language() {
    let chosen = null;
    try { chosen = window.sessionStorage.getItem(LANGUAGE_KEY); } catch (error) { /* storage off */ }
    if (chosen && words && words[chosen]) return chosen;
    return state && words && words[state.language] ? state.language : "en";
  }

  function say(key, values) {
    let text = words[language()][key];
    for (const [name, value] of Object.entries(values || {})) text = text.split("{" + name + "}").join(value);
    return text;
  }

  function letterOf(index) {
    return state.question.choices[index].letter;
  }

  function element(name, text, attributes) {
    const made = document.createElement(name);
    if (text !== undefined && text !== null) made.textContent = text;
    for (const [key, value] of Object.entries(attributes || {})) made.setAttribute(key, value);
    return made;
  }

  function drawChoices(question, lang) {
    const box = $("choices");
    box.replaceChildren();
    question.choices.forEach((choice, index) => {
      const button = element("button", null, {type: "button", class: "choice", "data-index": String(index)});
      button.append(element("span", choice.letter, {class: "letter"}), element("span", choice.text[lang], {class: "text"}));
      button.addEventListener("click", () => answer(index));
      box.append(button);
    });
  }

  // One matrix as a table a screen reader can read: a caption, column headers and row headers.
  function drawTable(table, lang) {
    const region = element("div", null, {class: "matrix", role: "region", tabindex: "0"});
    const grid = element("table", null, {"data-name": table.name});
    const caption = element("caption", say("table_" + table.name));
    caption.id = "caption-" + table.name;
    region.setAttribute("aria-labelledby", caption.id);
    const head = element("thead");
    const top = element("tr");
    top.append(element("th", say("row_header"), {scope: "col"}));
    for (const column of table.columns) top.append(element("th", column, {scope: "col"}));
    head.append(top);
    const body = element("tbody");
    table.rows.forEach((label, row) => {
      const line = element("tr");
      line.append(element("th", label, {scope: "row"}));
      for (const cell of table.cells[lang][row]) {
        line.append(cell === null ? element("td", say("masked"), {class: "masked"}) : element("td", cell));
      }
      body.append(line);
    });
    grid.append(caption, head, body);
    region.append(grid);
    return region;
  }

  function drawStage(lang) {
    const stage = state ? state.stage : null;
    const section = $("stage");
    section.hidden = !stage;
    if (!stage) {
      staged = "";
      return;
    }
    const key = [state.revision, lang].join(":");
    if (key === staged) return;
    staged = key;
    section.lang = lang === "pt" ? "pt-BR" : "en";
    $("step-number").textContent = say("step_of", {number: stage.number, steps: stage.steps});
    $("step-title").textContent = stage.title[lang];
    $("step-caption").textContent = stage.caption[lang];
    $("tables").replaceChildren(...stage.tables.map((table) => drawTable(table, lang)));
    const stageNote = $("step-note");
    stageNote.hidden = stage.tables.length > 0;
    stageNote.textContent = stage.tables.length ? "" : say("no_matrix");
  }

  function render() {
    if (!words) return;
    const lang = language();
    document.documentElement.lang = lang === "pt" ? "pt-BR" : "en";
    document.title = say("title");
    $("title").textContent = say("title");
    $("languages").setAttribute("aria-label", say("languages"));
    for (const button of document.querySelectorAll(".language")) {
      button.setAttribute("aria-pressed", String(button.dataset.language === lang));
    }
    drawStage(lang);
    const question = state ? state.question : null;
    const message = $("message");
    const explanation = $("explanation");
    message.className = lost ? "lost" : "";
    $("question").hidden = !question;
    if (!question) {
      $("prompt").textContent = "";
      $("choices").replaceChildren();
      shown = "";
      explanation.hidden = true;
      message.textContent = lost ? say("lost") : state && state.stage ? "" : say("waiting");
      return;
    }
    const key = [state.revision, lang].join(":");
    if (key !== shown) {
      drawChoices(question, lang);
      shown = key;
    }
    $("prompt").textContent = question.prompt[lang];
    const vote = $("vote");
    vote.hidden = !(question.vote === 2 && !question.revealed);
    vote.textContent = vote.hidden ? "" : say("second_vote");
    const mine = state.your_answer;
    for (const button of document.querySelectorAll(".choice")) {
      const index = Number(button.dataset.index);
      button.setAttribute("aria-pressed", String(index === mine));
      button.disabled = question.revealed;
      button.classList.toggle("right", question.revealed && index === question.right);
      button.classList.toggle("wrong", question.revealed && index === mine && index !== question.right);
      let mark = button.querySelector(".mark");
      const symbol = question.revealed && index === question.right ? "✓" : "";
      if (symbol && !mark) {
        mark = element("span", null, {class: "mark"});
        button.append(mark);
      }
      if (mark) mark.textContent = symbol;
    }
    explanation.replaceChildren();
    explanation.hidden = !question.revealed;
    if (lost) {
      message.textContent = say("lost");
    } else if (question.revealed) {
      const right = letterOf(question.right);
      if (mine === null || mine === undefined) message.textContent = say("closed") + " " + say("right_answer", {letter: right});
      else if (mine === question.right) message.textContent = say("you_right", {letter: right});
      else message.textContent = say("you_wrong", {letter: letterOf(mine)}) + " " + say("right_answer", {letter: right});
      explanation.append(element("p", question.explanation[lang]));
      if (mine !== null && mine !== undefined && mine !== question.right) {
        explanation.append(element("p", say("why_yours", {letter: letterOf(mine)}) + " " + question.why[mine][lang]));
      }
    } else if (note) {
      message.textContent = say(note.key, note.values);
    } else if (state.replaced && (mine === null || mine === undefined)) {
      // Another phone of this network address answered after this one (one answer per address).
      message.textContent = say("replaced");
    } else if (mine !== null && mine !== undefined) {
      message.textContent = say("recorded", {letter: letterOf(mine)});
    } else {
      message.textContent = say("tap");
    }
  }

  // The status; with "wait", the server keeps the request until something changes (or a while
  // passes: then 304, nothing new). Returns the reply's status code.
  async function refresh(wait) {
    const headers = tag ? {"If-None-Match": tag} : {};
    const response = await fetch(wait && tag ? "status?wait" : "status",
                                 {cache: "no-store", credentials: "same-origin", headers});
    if (response.status === 304) return 304;
    if (!response.ok) throw new Error(String(response.status));
    const next = await response.json();
    if (!state || next.revision !== state.revision) note = null;
    state = next;
    tag = response.headers.get("ETag");
    return response.status;
  }

  async function follow() {
    for (;;) {
      const started = Date.now();
      let pause = 0;
      try {
        const status = await refresh(true);
        lost = false;
        if (status === 304 && Date.now() - started < QUIET_MS) pause = QUIET_MS;
      } catch (error) {
        lost = true;
        tag = null; // ask afresh: the poll may have reopened, or the page been reloaded
        pause = RETRY_MS + Math.random() * 400;
      }
      render();
      if (pause) await new Promise((resolve) => window.setTimeout(resolve, pause));
    }
  }

  async function answer(index) {
    if (!state || !state.question || state.question.revealed) return;
    note = {key: "sending"};
    render();
    try {
      const response = await fetch("answer", {
        method: "POST",
        cache: "no-store",
        credentials: "same-origin",
        headers: {"Content-Type": "application/json"},
        body: JSON.stringify({question: state.question.id, choice: index}),
      });
      if (response.ok) {
        state.your_answer = index;
        state.replaced = false;
        note = null;
      } else if (response.status === 429) {
        // Its network address is refused for a moment: phones sharing one address, most likely.
        note = {key: "busy"};
      } else if (response.status === 403) {
        note = {key: "reload"};
      } else {
        note = {key: "not_counted"};
      }
      lost = false;
    } catch (error) {
      note = null;
      lost = true;
    }
    render();
    if (note && note.key === "not_counted") {
      try { await refresh(false); } catch (error) { lost = true; }
      render();
    }
  }

  async function loadWords() {
    try {
      const response = await fetch("text.json", {cache: "no-store"});
      words = await response.json();
    } catch (error) {
      window.setTimeout(loadWords, RETRY_MS);
      return;
    }
    follow();
  }

  function start() {
    for (const button of document.querySelectorAll(".language")) {
      button.addEventListener("click", () => {
        try { window.sessionStorage.setItem(LANGUAGE_KEY, button.dataset.language); } catch (error) { /* off */ }
        shown = "";
        staged = "";
        render();
      });
    }
    loadWords();
  }

  start();
})();
