// The phone page of the class poll. Everything it loads comes from the teacher's laptop (the
// page's own folder); texts are set with textContent only, never parsed as HTML.
"use strict";

(() => {
  const POLL_MS = 2000;
  const LANGUAGE_KEY = "class-poll-language";
  let words = null;
  let state = null; // the last status: {revision, language, question, your_answer}
  let lost = false;
  let note = null; // a message about the last answer sent (key and values), until the next change
  let shown = ""; // what the choices were last drawn from

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

  function drawChoices(question, lang) {
    const box = $("choices");
    box.replaceChildren();
    question.choices.forEach((choice, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.dataset.index = String(index);
      const letter = document.createElement("span");
      letter.className = "letter";
      letter.textContent = choice.letter;
      const text = document.createElement("span");
      text.className = "text";
      text.textContent = choice.text[lang];
      button.append(letter, text);
      button.addEventListener("click", () => answer(index));
      box.append(button);
    });
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
    const question = state ? state.question : null;
    const message = $("message");
    const explanation = $("explanation");
    message.className = lost ? "lost" : "";
    if (!question) {
      $("prompt").textContent = "";
      $("choices").replaceChildren();
      shown = "";
      explanation.hidden = true;
      message.textContent = lost ? say("lost") : say("waiting");
      return;
    }
    const key = [state.revision, lang].join(":");
    if (key !== shown) {
      drawChoices(question, lang);
      shown = key;
    }
    $("prompt").textContent = question.prompt[lang];
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
        mark = document.createElement("span");
        mark.className = "mark";
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
      const paragraph = document.createElement("p");
      paragraph.textContent = question.explanation[lang];
      explanation.append(paragraph);
      if (mine !== null && mine !== undefined && mine !== question.right) {
        const why = document.createElement("p");
        why.textContent = say("why_yours", {letter: letterOf(mine)}) + " " + question.why[mine][lang];
        explanation.append(why);
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

  async function refresh() {
    try {
      const response = await fetch("status", {cache: "no-store", credentials: "same-origin"});
      if (!response.ok) throw new Error(String(response.status));
      const next = await response.json();
      if (!state || next.revision !== state.revision) note = null;
      state = next;
      lost = false;
    } catch (error) {
      lost = true;
    }
    render();
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
    if (note && note.key === "not_counted") refresh();
  }

  function loop() {
    refresh().finally(() => window.setTimeout(loop, POLL_MS + Math.random() * 400));
  }

  async function loadWords() {
    try {
      const response = await fetch("text.json", {cache: "no-store"});
      words = await response.json();
    } catch (error) {
      window.setTimeout(loadWords, POLL_MS);
      return;
    }
    loop();
  }

  function start() {
    for (const button of document.querySelectorAll(".language")) {
      button.addEventListener("click", () => {
        try { window.sessionStorage.setItem(LANGUAGE_KEY, button.dataset.language); } catch (error) { /* off */ }
        shown = "";
        render();
      });
    }
    loadWords();
  }

  start();
})();
