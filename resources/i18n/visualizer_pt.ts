<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../visualizer/shell/about_dialog.py" line="68"/>
        <source>About the embeddings visualizer</source>
        <translation>Sobre o visualizador de embeddings</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/about_dialog.py" line="75"/>
        <source>How a transformer turns token ids into the matrix X: the lookup E[ids], the positions added (or not), and the X every later step reads.</source>
        <translation>Como um transformer transforma ids de tokens na matriz X: a consulta E[ids], as posições somadas (ou não) e o X que todos os passos seguintes leem.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/about_dialog.py" line="77"/>
        <source>The lesson: chapter {0} of {1} of the course, “{2}”, in {3} steps, from “{4}” to “{5}”.</source>
        <translation>A aula: passo {0} de {1} do curso, “{2}”, em {3} etapas, de “{4}” até “{5}”.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/about_dialog.py" line="81"/>
        <source>This app is free software under the MIT licence. It is built on:</source>
        <translation>Este app é software livre sob a licença MIT. Ele é construído sobre:</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/about_dialog.py" line="82"/>
        <source>Qt and PySide6 are used under the GNU Lesser General Public License v3: their libraries are unmodified, in separate files of the app, and may be replaced by other builds of the same version.</source>
        <translation>Qt e PySide6 são usados sob a GNU Lesser General Public License v3: as bibliotecas não foram modificadas, ficam em arquivos separados do app e podem ser trocadas por outras compilações da mesma versão.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/about_dialog.py" line="85"/>
        <source>Embeddings visualizer</source>
        <translation>Visualizador de embeddings</translation>
    </message>
</context>
<context>
    <name>AttentionPreview</name>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="158"/>
        <source>ALiBi bias −m·(i − j)</source>
        <translation>viés do ALiBi −m·(i − j)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="166"/>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="154"/>
        <source>q = k = R(t−1) xₜ</source>
        <translation>q = k = R(t−1) xₜ</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="158"/>
        <source>bias −m·(i − j)</source>
        <translation>viés −m·(i − j)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="162"/>
        <source>scores q·k / √d − m·(i − j)</source>
        <translation>scores q·k / √d − m·(i − j)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="163"/>
        <source>scores q·k / √d</source>
        <translation>scores q·k / √d</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="191"/>
        <source>slope m = {0}</source>
        <translation>inclinação m = {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="211"/>
        <source>Scores: rows are queries, columns keys.</source>
        <translation>Scores: as linhas são as queries, as colunas as keys.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="216"/>
        <source>Blank cells are masked (−∞).</source>
        <translation>Células vazias estão mascaradas (−∞).</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="220"/>
        <source>No positions: X is E[ids]. The causal mask is on: a token sees only itself and earlier ones.</source>
        <translation>Sem posições: X é E[ids]. A máscara causal está ligada: um token só vê a si mesmo e os anteriores.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="223"/>
        <source>No positions and no mask: X is E[ids], and each score compares two of its rows (q = k = x).</source>
        <translation>Sem posições e sem máscara: X é E[ids], e cada score compara duas das suas linhas (q&#xa0;=&#xa0;k&#xa0;=&#xa0;x).</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="226"/>
        <source>RoPE: X is unchanged; q and k are rotated by (t − 1)·θ_i, so a score depends on the two tokens and their distance only.</source>
        <translation>RoPE: X não muda; q e k são girados por (t − 1)·θ_i, então um score depende só dos dois tokens e da distância entre eles.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="229"/>
        <source>ALiBi: X is unchanged; each score loses slope × distance, so far keys count less. Each head has its own slope.</source>
        <translation>ALiBi: X não muda; cada score perde inclinação × distância, então keys distantes pesam menos. Cada cabeça tem sua inclinação.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="231"/>
        <source>Positions were added to X, so the scores already carry them.</source>
        <translation>As posições foram somadas a X, então os scores já as carregam.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="237"/>
        <source>{0} {1} moved from {2}</source>
        <translation>{0} {1} veio de {2}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="242"/>
        <source>Last change: no row of X changed.</source>
        <translation>Última mudança: nenhuma linha de X mudou.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="246"/>
        <source>rows that only moved (dashed blue): {0}</source>
        <translation>linhas que só mudaram de lugar (azul tracejado): {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="247"/>
        <source>rows that only moved: {0}</source>
        <translation>linhas que só mudaram de lugar: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="249"/>
        <source>rows whose values changed (orange): {0}</source>
        <translation>linhas cujos valores mudaram (laranja): {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="250"/>
        <source>rows whose values changed: {0}</source>
        <translation>linhas cujos valores mudaram: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="251"/>
        <source>Last change in X — </source>
        <translation>Última mudança em X — </translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="310"/>
        <source>causal mask (a token sees only itself and earlier ones)</source>
        <translation>máscara causal (cada token só vê a si mesmo e os anteriores)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="311"/>
        <source>ALiBi heads H:</source>
        <translation>cabeças do ALiBi H:</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/attention_preview.py" line="312"/>
        <source>head shown:</source>
        <translation>cabeça mostrada:</translation>
    </message>
</context>
<context>
    <name>Authoring</name>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="181"/>
        <source>Lesson editor</source>
        <translation>Editor da aula</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="195"/>
        <source>causal mask on</source>
        <translation>máscara causal ligada</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="195"/>
        <source>causal mask off</source>
        <translation>máscara causal desligada</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="197"/>
        <source>edits to E: {0}</source>
        <translation>mudanças em E: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="198"/>
        <source>page: {0}</source>
        <translation>página: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="199"/>
        <source>The step shows: {0}</source>
        <translation>O passo mostra: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="210"/>
        <source>On the step&apos;s own state the kind finds the right choice and writes the answer: they show after the reveal, or here with the box above ticked.</source>
        <translation>No estado do próprio passo, o tipo de pergunta encontra a alternativa certa e escreve a resposta: elas aparecem depois de revelar, ou aqui com a caixa acima marcada.</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="214"/>
        <source>On the step&apos;s own state this question cannot be asked: {0}</source>
        <translation>No estado do próprio passo esta pergunta não pode ser feita: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="220"/>
        <source>On the step&apos;s own state the kind finds “{0}”: choice {1} is right ({2}). The answer then: {3}</source>
        <translation>No estado do próprio passo, o tipo de pergunta encontra “{0}”: a alternativa {1} é a certa ({2}). A resposta então: {3}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="229"/>
        <source>A step shows one of the lesson&apos;s pages: bring one to the front (Build X, Table E, …) and add the moment again.</source>
        <translation>Um passo mostra uma das páginas da aula: traga uma para a frente (Montar X, Tabela E, …) e adicione o momento de novo.</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="233"/>
        <source>A step uses the toy&apos;s vocabulary of {0} tokens; this one has {1}.</source>
        <translation>Um passo usa o vocabulário de exemplo, de {0} tokens; este tem {1}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="254"/>
        <source>A new step</source>
        <translation>Um passo novo</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="257"/>
        <source>Add step {0}</source>
        <translation>Adicionar o passo {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="259"/>
        <source>Step {0} added: Lesson → Edit the lesson writes its texts.</source>
        <translation>Passo {0} adicionado: Aula → Editar a aula escreve os seus textos.</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="274"/>
        <source>Retake step {0}</source>
        <translation>Regravar o momento do passo {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="282"/>
        <source>Duplicate step {0}</source>
        <translation>Duplicar o passo {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="290"/>
        <source>Move step {0} to {1}</source>
        <translation>Mover o passo {0} para {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="299"/>
        <source>Delete step {0}</source>
        <translation>Apagar o passo {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="308"/>
        <source>Edit a text of step {0}</source>
        <translation>Editar um texto do passo {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="323"/>
        <source>Make step {0} a question</source>
        <translation>Transformar o passo {0} em pergunta</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="324"/>
        <source>Step {0} asks no question</source>
        <translation>O passo {0} deixa de ser pergunta</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="336"/>
        <source>Not a question of that kind here: {0}</source>
        <translation>Aqui não cabe uma pergunta desse tipo: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/authoring.py" line="339"/>
        <source>Not changed: {0}</source>
        <translation>Não alterado: {0}</translation>
    </message>
</context>
<context>
    <name>BatchCounts</name>
    <message>
        <location filename="../../visualizer/lab/batch_counts.py" line="87"/>
        <source>count vs rank, log-log (dashed: Zipf law)</source>
        <translation>contagem × posto, log-log (tracejado: lei de Zipf)</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/batch_counts.py" line="94"/>
        <source>count in the batch by Zipf rank, #1 most frequent (dashed: Zipf law)</source>
        <translation>contagem no batch por posição no ranking (Zipf), #1 o mais frequente (tracejado: lei de Zipf)</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/batch_counts.py" line="136"/>
        <source>count</source>
        <translation>vezes</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/batch_counts.py" line="139"/>
        <source>expected</source>
        <translation>esperado</translation>
    </message>
</context>
<context>
    <name>ChipDelegate</name>
    <message>
        <location filename="../../visualizer/toy/token_strip.py" line="105"/>
        <source>id {0}</source>
        <translation>id {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/token_strip.py" line="105"/>
        <source>no P</source>
        <translation>sem P</translation>
    </message>
</context>
<context>
    <name>ClassPoll</name>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="219"/>
        <source>No local network: join the classroom Wi-Fi or start this laptop&apos;s hotspot, then ask the class again.</source>
        <translation>Sem rede local: conecte-se ao Wi-Fi da sala ou ative o hotspot deste notebook e pergunte à turma de novo.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="223"/>
        <source>The poll listens only on this laptop&apos;s local network, not on {0}.</source>
        <translation>A votação só escuta na rede local deste notebook, não em {0}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="227"/>
        <source>The phone page cannot be served: {0}</source>
        <translation>A página do celular não pode ser servida: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="231"/>
        <source>Ports {0} to {1} are all in use: close what uses them, then ask the class again.</source>
        <translation>As portas {0} a {1} estão todas em uso: feche o que as usa e pergunte à turma de novo.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="234"/>
        <source>The poll cannot listen on {0}: {1}</source>
        <translation>A votação não consegue escutar em {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="318"/>
        <source>Cannot save the class&apos;s answers to {0}: {1}</source>
        <translation>Não foi possível salvar as respostas da turma em {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="416"/>
        <source>Several phones answered from one network address: only one answer per address counts. If this Wi-Fi puts the class behind one address, choose Class poll → Phones share addresses; if it is one machine, leave it off.</source>
        <translation>Vários celulares responderam de um mesmo endereço de rede: só conta uma resposta por endereço. Se este Wi-Fi põe a turma atrás de um só endereço, escolha Votação da turma → Celulares compartilham endereços; se for uma só máquina, deixe desligado.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="414"/>
        <source>Very many phones share one network address: some answers may be missing.</source>
        <translation>Celulares demais compartilham um endereço de rede: podem faltar respostas.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="420"/>
        <source>One network address sends too many requests: it is slowed down, and its phones may have to tap again.</source>
        <translation>Um endereço de rede envia pedidos demais: ele foi freado, e os celulares dele podem precisar tocar de novo.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="423"/>
        <source>{0} network addresses answered as soon as they appeared: if they are more than the phones that just joined, one machine may be answering from several addresses.</source>
        <translation>{0} endereços de rede responderam assim que apareceram: se forem mais do que os celulares que acabaram de entrar, uma só máquina pode estar respondendo de vários endereços.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="440"/>
        <source>The poll stopped after an error ({0}); its port is closed. Ask the class again to reopen it.</source>
        <translation>A votação parou depois de um erro ({0}); a porta dela está fechada. Pergunte à turma de novo para reabri-la.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/class_poll.py" line="452"/>
        <source>The poll was closed after an error in the app; ask the class again to reopen it.</source>
        <translation>A votação foi fechada depois de um erro no app; pergunte à turma de novo para reabri-la.</translation>
    </message>
</context>
<context>
    <name>ClockControls</name>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="159"/>
        <source>speed (positions/s):</source>
        <translation>velocidade (posições/s):</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="160"/>
        <source>Compare:</source>
        <translation>Comparar:</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="161"/>
        <source>shift both by:</source>
        <translation>deslocar os dois em:</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="162"/>
        <source>RoPE base:</source>
        <translation>base da RoPE:</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="163"/>
        <source>context extension:</source>
        <translation>extensão de contexto:</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="164"/>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="164"/>
        <source>Play</source>
        <translation>Reproduzir</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="165"/>
        <source>Lesson example (θ = 0.5)</source>
        <translation>Exemplo da aula (θ = 0,5)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="169"/>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="169"/>
        <source>position interpolation</source>
        <translation>interpolação de posição</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="170"/>
        <source>NTK-aware</source>
        <translation>escala NTK</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_controls.py" line="170"/>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
</context>
<context>
    <name>ClockPairs</name>
    <message>
        <location filename="../../visualizer/toy/clock_pairs.py" line="45"/>
        <source>({0}, {1}): m − n = {2}</source>
        <translation>({0}, {1}): m − n = {2}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_pairs.py" line="46"/>
        <source>cos({0} × {1}) = {2}</source>
        <translation>cos({0} × {1}) = {2}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/clock_pairs.py" line="49"/>
        <source>({0}, {1}): cos({2}) = {3}</source>
        <translation>({0}, {1}): cos({2}) = {3}</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <location filename="../../visualizer/crash.py" line="42"/>
        <source>Unexpected error</source>
        <translation>Erro inesperado</translation>
    </message>
    <message>
        <location filename="../../visualizer/crash.py" line="43"/>
        <source>Something went wrong: {0}

The app is still usable.</source>
        <translation>Algo deu errado: {0}

O app continua funcionando.</translation>
    </message>
    <message>
        <location filename="../../visualizer/crash.py" line="45"/>
        <source>Details were written to {0}.</source>
        <translation>Os detalhes foram gravados em {0}.</translation>
    </message>
</context>
<context>
    <name>Documents</name>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="151"/>
        <location filename="../../visualizer/shell/documents.py" line="162"/>
        <source>Could not open the session: {0}</source>
        <translation>Não foi possível abrir a sessão: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="131"/>
        <source>Opened {0}</source>
        <translation>Aberto: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="187"/>
        <source>{0} opened without its real model, which cannot be opened: {1}</source>
        <translation>{0} foi aberto sem o seu modelo real, que não pôde ser aberto: {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="202"/>
        <source>The session&apos;s page &apos;{0}&apos; is not in this window; the page in front stays.</source>
        <translation>A página &apos;{0}&apos; da sessão não existe nesta janela; a página da frente continua.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="214"/>
        <source>The session&apos;s lesson step &apos;{0}&apos; is not in this lesson; the lesson stays where it was.</source>
        <translation>A etapa &apos;{0}&apos; da aula, salva na sessão, não existe nesta aula; a aula fica onde estava.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="229"/>
        <source>Saved {0}</source>
        <translation>Salvo em {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="297"/>
        <source>Open session</source>
        <translation>Abrir sessão</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="310"/>
        <source>Save session</source>
        <translation>Salvar sessão</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="401"/>
        <source>The work saved automatically</source>
        <translation>O trabalho salvo automaticamente</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/documents.py" line="402"/>
        <source>Restored the work saved automatically</source>
        <translation>Restaurado: o trabalho salvo automaticamente</translation>
    </message>
</context>
<context>
    <name>Edit</name>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="23"/>
        <source>type a sentence</source>
        <translation>digitar uma frase</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="24"/>
        <source>set the tokens</source>
        <translation>definir os tokens</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="25"/>
        <source>move {0} to position {1}</source>
        <translation>mover {0} para a posição {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="26"/>
        <source>insert {0} at position {1}</source>
        <translation>inserir {0} na posição {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="27"/>
        <source>remove {0} from position {1}</source>
        <translation>remover {0} da posição {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="28"/>
        <source>position scheme {0}</source>
        <translation>esquema de posição {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="29"/>
        <source>E[{0}, {1}] = {2}</source>
        <translation>E[{0}, {1}] = {2}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="30"/>
        <source>RoPE base {0}</source>
        <translation>base da RoPE {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="31"/>
        <source>context extension {0} × {1}</source>
        <translation>extensão de contexto {0} × {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="32"/>
        <source>ALiBi head {0} of {1}</source>
        <translation>cabeça {0} de {1} do ALiBi</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="33"/>
        <source>causal mask {0}</source>
        <translation>máscara causal {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="40"/>
        <source>on</source>
        <translation>ligada</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="41"/>
        <source>off</source>
        <translation>desligada</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo.py" line="42"/>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
</context>
<context>
    <name>Exports</name>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="95"/>
        <location filename="../../visualizer/shell/exports.py" line="103"/>
        <location filename="../../visualizer/shell/exports.py" line="104"/>
        <location filename="../../visualizer/shell/exports.py" line="118"/>
        <source>Saved {0}</source>
        <translation>Salvo em {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="111"/>
        <source>Saved the arrays as CSV and NPY in {0}</source>
        <translation>Matrizes salvas em CSV e NPY em {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_picture.py" line="88"/>
        <source>{0} (positions: {1})</source>
        <translation>{0} (posições: {1})</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="128"/>
        <source>Saved the handout {0}</source>
        <translation>Material salvo em {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="138"/>
        <source>The view was copied as an image.</source>
        <translation>A visualização foi copiada como imagem.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="148"/>
        <source>Images ({0});;Data ({1})</source>
        <translation>Imagens ({0});;Dados ({1})</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="149"/>
        <source>Export X</source>
        <translation>Exportar X</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="156"/>
        <source>Export view</source>
        <translation>Exportar visualização</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="162"/>
        <source>Folder for the arrays</source>
        <translation>Pasta para as matrizes</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="168"/>
        <source>Export X as LaTeX</source>
        <translation>Exportar X em LaTeX</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="174"/>
        <source>PDF handout, A4 (*.pdf)</source>
        <translation>Material em PDF, A4 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="174"/>
        <source>PDF handout, US Letter (*.pdf)</source>
        <translation>Material em PDF, Carta (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/exports.py" line="179"/>
        <source>Export handout</source>
        <translation>Exportar material da aula</translation>
    </message>
</context>
<context>
    <name>FirstRunHint</name>
    <message>
        <location filename="../../visualizer/lesson/first_run_hint.py" line="40"/>
        <source>Getting started</source>
        <translation>Primeiros passos</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/first_run_hint.py" line="41"/>
        <source>Press F5 to present to the class and F9 to show or hide the guided lesson (Help → Keyboard shortcuts lists every key).</source>
        <translation>Aperte F5 para apresentar para a turma e F9 para mostrar ou esconder a aula guiada (Ajuda → Atalhos de teclado lista todas as teclas).</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/first_run_hint.py" line="43"/>
        <source>Got it</source>
        <translation>Entendi</translation>
    </message>
</context>
<context>
    <name>GradientLabView</name>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="280"/>
        <location filename="../../visualizer/lab/gradient_lab.py" line="493"/>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="280"/>
        <location filename="../../visualizer/lab/gradient_lab.py" line="493"/>
        <source>Play</source>
        <translation>Reproduzir</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="333"/>
        <source>E, step&#xa0;{0}</source>
        <translation>E, passo&#xa0;{0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="334"/>
        <location filename="../../visualizer/lab/gradient_lab.py" line="395"/>
        <source>one step
moves it</source>
        <translation>quanto um
passo move</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="335"/>
        <location filename="../../visualizer/lab/gradient_lab.py" line="396"/>
        <source>distance moved
in {0} steps</source>
        <translation>quanto moveu
em {0} passos</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="338"/>
        <source>rows touched: {0} of {1}</source>
        <translation>linhas com gradiente: {0} de {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="330"/>
        <source>∂L/∂E (hatched = 0), colours ±{0}</source>
        <translation>∂L/∂E (hachurado = 0), cores ±{0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="483"/>
        <source>batch:</source>
        <translation>batch:</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="484"/>
        <source>Zipf s:</source>
        <translation>Zipf s:</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="485"/>
        <source>seed:</source>
        <translation>semente:</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="486"/>
        <source>optimizer:</source>
        <translation>otimizador:</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="487"/>
        <source>learning rate:</source>
        <translation>taxa de aprendizado:</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="488"/>
        <source>Toy: {0} tokens</source>
        <translation>Exemplo: {0} tokens</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="489"/>
        <source>Real scale: GPT-2</source>
        <translation>Escala real: GPT-2</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="490"/>
        <source>Sample batch</source>
        <translation>Sortear batch</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="491"/>
        <source>log-log count vs rank</source>
        <translation>log-log</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="492"/>
        <source>Step</source>
        <translation>Passo</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="494"/>
        <source>Reset E</source>
        <translation>Reiniciar E</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="495"/>
        <source>tie E to the output layer</source>
        <translation>amarrar E à camada de saída</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="499"/>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/gradient_lab.py" line="500"/>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
</context>
<context>
    <name>Handout</name>
    <message>
        <location filename="../../visualizer/handout/content.py" line="70"/>
        <source>X = E[ids]; order only through the causal mask</source>
        <translation>X = E[ids]; a ordem só pela máscara causal</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="71"/>
        <source>X = E[ids] + P: one trained row per position, t from 1</source>
        <translation>X = E[ids] + P: uma linha treinada por posição, t a partir de 1</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="72"/>
        <source>X = E[ids] + PE(t): computed sin and cos, t from 0</source>
        <translation>X = E[ids] + PE(t): sen e cos calculados, t a partir de 0</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="73"/>
        <source>X = E[ids]; q and k are turned inside attention</source>
        <translation>X = E[ids]; q e k giram dentro da atenção</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="74"/>
        <source>X = E[ids]; −slope × distance is added to the scores</source>
        <translation>X = E[ids]; soma-se −inclinação × distância aos scores</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="238"/>
        <source>Embeddings: from token ids to the matrix X</source>
        <translation>Embeddings: dos ids dos tokens à matriz X</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="263"/>
        <source>Page {0} of {1}</source>
        <translation>Página {0} de {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="298"/>
        <source>Sentence: &lt;b&gt;“{sentence}”&lt;/b&gt; · position scheme: &lt;b&gt;{scheme}&lt;/b&gt; · n = {n} tokens, d = {d} numbers per token</source>
        <translation>Frase: &lt;b&gt;“{sentence}”&lt;/b&gt; · esquema de posição: &lt;b&gt;{scheme}&lt;/b&gt; · n = {n} tokens, d = {d} números por token</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="301"/>
        <source>Name: ______________________________ Date: ______________</source>
        <translation>Nome: ______________________________ Data: ______________</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="302"/>
        <source>A transformer never reads the text itself: it reads ids, and each id picks one row of a table E. Follow this sentence from its ids to the matrix X that every later step of the model reads.</source>
        <translation>Um transformer nunca lê o texto em si: ele lê ids, e cada id pega uma linha de uma tabela E. Acompanhe esta frase dos seus ids até a matriz X, que todos os passos seguintes do modelo leem.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="310"/>
        <source>The tokenizer cuts the sentence into the longest pieces it knows, left to right, from the {V} tokens of the toy vocabulary (␣ marks a leading space).</source>
        <translation>O tokenizador corta a frase nos pedaços mais longos que conhece, da esquerda para a direita, entre os {V} tokens do vocabulário de exemplo (␣ marca um espaço no início).</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="313"/>
        <location filename="../../visualizer/handout/content.py" line="365"/>
        <source>position t</source>
        <translation>posição t</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="313"/>
        <location filename="../../visualizer/handout/content.py" line="333"/>
        <location filename="../../visualizer/handout/content.py" line="516"/>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="323"/>
        <source>The ids: &lt;b&gt;{ids}&lt;/b&gt;</source>
        <translation>Os ids: &lt;b&gt;{ids}&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="330"/>
        <source>E has one row of d = {d} numbers for each of the V = {V} tokens. The shaded rows are the ones this sentence uses. There is no arithmetic: the same id always gets the same row, whatever its neighbours.</source>
        <translation>E tem uma linha de d = {d} números para cada um dos V = {V} tokens. As linhas sombreadas são as que esta frase usa. Não há conta nenhuma: o mesmo id recebe sempre a mesma linha, sejam quais forem os vizinhos.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="333"/>
        <source>used at position</source>
        <translation>usada na posição</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="348"/>
        <source>Learned positions: a second table P, one trained row per position, is added to the token&apos;s row: {notation}, with t counted from 1. The toy&apos;s table has {T} rows (GPT-2&apos;s has 1,024); a position past its last row has no vector at all.</source>
        <translation>Posições aprendidas: uma segunda tabela P, com uma linha treinada por posição, é somada à linha do token: {notation}, com t contado a partir de 1. A tabela do modelo de exemplo tem {T} linhas (a do GPT-2 tem 1.024); uma posição depois da última linha não tem vetor nenhum.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="371"/>
        <source>No positions: nothing is added, {x} = {e}. Only the causal mask tells the tokens apart by their order.</source>
        <translation>Sem posições: nada é somado, {x} = {e}. Só a máscara causal distingue os tokens pela ordem.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="376"/>
        <source>ALiBi adds nothing to X: {x} = {e}. Position enters inside attention: −slope × distance is added to every score (slope {slope} for the head the app shows).</source>
        <translation>O ALiBi não soma nada a X: {x} = {e}. A posição entra na atenção: soma-se −inclinação × distância a cada score (inclinação {slope} na cabeça que o app mostra).</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="387"/>
        <source>no row: beyond the trained length</source>
        <translation>sem linha: além do comprimento treinado</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="393"/>
        <source>token (id)</source>
        <translation>token (id)</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="395"/>
        <source>Nothing is added, so each row of X is the token&apos;s row of E: {x} = {e}.</source>
        <translation>Nada é somado, então cada linha de X é a linha do token em E: {x} = {e}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="400"/>
        <source>Each row is the token&apos;s row of E plus its position&apos;s vector: {notation}.</source>
        <translation>Cada linha é a linha do token em E mais o vetor da sua posição: {notation}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="414"/>
        <source>Positions from {first} on have no row of P: under learned positions X is not defined there (—).</source>
        <translation>As posições a partir de {first} não têm linha em P: com posições aprendidas, X não está definida ali (—).</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="422"/>
        <source>Stacked, the rows are the matrix X (n × d = {n} × {d}): one row per token, in the sentence&apos;s order.</source>
        <translation>Empilhadas, as linhas formam a matriz X (n × d = {n} × {d}): uma linha por token, na ordem da frase.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="448"/>
        <source>Attention by itself does not see order: shuffle the tokens and its outputs shuffle with them, with the same values. Each scheme brings position back in its own way.</source>
        <translation>A atenção sozinha não enxerga a ordem: embaralhe os tokens e as saídas embaralham junto, com os mesmos valores. Cada esquema devolve a posição do seu jeito.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="451"/>
        <source>scheme</source>
        <translation>esquema</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="451"/>
        <source>what X gets</source>
        <translation>o que X recebe</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="452"/>
        <source>verdict</source>
        <translation>veredito</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="453"/>
        <source>this handout</source>
        <translation>este material</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="478"/>
        <source>The sinusoidal scheme learns no table: it computes each position&apos;s vector. For d = 4, PE(s) = [sin s, cos s, sin(s/100), cos(s/100)], with s counted from 0, so the token at position t (from 1) gets PE(s) with s = t − 1. The first pair turns fast and tells neighbours apart; the second turns slowly, for long distances.</source>
        <translation>O esquema senoidal não aprende tabela: calcula o vetor de cada posição. Com d = 4, PE(s) = [sen s, cos s, sen(s/100), cos(s/100)], com s contado a partir de 0, então o token na posição t (contada a partir de 1) recebe PE(s) com s = t − 1. O primeiro par gira rápido e separa vizinhos; o segundo gira devagar, para distâncias longas.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="540"/>
        <source>positions (m, n)</source>
        <translation>posições (m, n)</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="540"/>
        <source>angle (m − n)·θ</source>
        <translation>ângulo (m − n)·θ</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="541"/>
        <source>score</source>
        <translation>score</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="552"/>
        <source>Check yourself</source>
        <translation>Verifique você mesmo</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="553"/>
        <source>Write your prediction before the answer is revealed in the app.</source>
        <translation>Escreva sua previsão antes que a resposta apareça no app.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="563"/>
        <source>For the teacher: the answers</source>
        <translation>Para o professor: as respostas</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="564"/>
        <source>Computed by the app from the model this handout was made from (its table E, edits included); the swaps ran on a copy of it. Keep this page apart from the students&apos; pages.</source>
        <translation>Calculadas pelo app a partir do modelo usado para fazer este material (a sua tabela E, com as edições feitas nela); as trocas rodaram numa cópia. Guarde esta página separada das páginas dos alunos.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="188"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="309"/>
        <source>The tokens and their ids</source>
        <translation>Os tokens e seus ids</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="329"/>
        <source>The lookup: each id picks its row of E</source>
        <translation>A consulta: cada id pega a sua linha de E</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="345"/>
        <source>Where position comes in</source>
        <translation>Onde a posição entra</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="359"/>
        <source>Sinusoidal positions: no table, the vector is computed. For d = 4, PE(s) = [sin s, cos s, sin(s/100), cos(s/100)] with &lt;b&gt;s counted from 0&lt;/b&gt;: the token at position t (counted from 1) gets PE(s) with s = t − 1, so {notation}. The first pair turns fast and tells neighbours apart; the second turns slowly and tells long distances apart.</source>
        <translation>Posições senoidais: não há tabela, o vetor é calculado. Com d = 4, PE(s) = [sen s; cos s; sen(s/100); cos(s/100)] com &lt;b&gt;s contado a partir de 0&lt;/b&gt;: o token na posição t (contada a partir de 1) recebe PE(s) com s = t − 1, então {notation}. O primeiro par gira rápido e separa vizinhos; o segundo gira devagar e separa distâncias longas.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="373"/>
        <source>RoPE adds nothing to X: {x} = {e}. Position enters inside attention, where each pair of numbers of q and k is turned by an angle proportional to the position (the RoPE section below).</source>
        <translation>A RoPE não soma nada a X: {x} = {e}. A posição age dentro da atenção, onde cada par de números de q e k é girado por um ângulo proporcional à posição (na seção da RoPE, adiante).</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="391"/>
        <source>X, row by row</source>
        <translation>X, linha por linha</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="420"/>
        <source>X as a matrix</source>
        <translation>X como matriz</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="441"/>
        <source>The same numbers as the app draws them, {formula}: blue below 0, olive above, grey near 0.</source>
        <translation>Os mesmos números como o app os desenha, {formula}: azul abaixo de 0, oliva acima, cinza perto de 0.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="447"/>
        <source>Five ways to give position</source>
        <translation>Cinco jeitos de dar posição</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="477"/>
        <source>Sinusoidal positions, computed</source>
        <translation>Posições senoidais, calculadas</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="491"/>
        <source>ALiBi: a penalty for distance</source>
        <translation>ALiBi: uma penalidade pela distância</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="493"/>
        <source>ALiBi adds nothing to X. Inside attention, the score of query i for key j at or before it loses m·(i − j): the farther back the key, the lower its score. Each of the H = {H} heads has its own slope m = 2&lt;sup&gt;−8h/H&lt;/sup&gt;: {slopes}.</source>
        <translation>A ALiBi não soma nada a X. Dentro da atenção, o score da query i para a key j na mesma posição ou antes dela perde m·(i − j): quanto mais distante a key, menor o score. Cada uma das H = {H} cabeças tem sua inclinação m = 2&lt;sup&gt;−8h/H&lt;/sup&gt;: {slopes}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="500"/>
        <source>query i, key j</source>
        <translation>query i, key j</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="504"/>
        <source>Head 1 (m = {m}) on this sentence: the bias added to each score (— where the causal mask hides the key).</source>
        <translation>A cabeça 1 (m = {m}) nesta frase: o viés somado a cada score (— onde a máscara causal esconde a key).</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="510"/>
        <source>The way back: a sparse gradient</source>
        <translation>A volta: um gradiente esparso</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="511"/>
        <source>The lookup is a product with a one-hot vector: {y} = E[{i}] = one-hot({i})&lt;sup&gt;T&lt;/sup&gt;E. So on the way back the gradient of row E[i] is the sum of ∂L/∂{y} over the positions t that hold id i, ∂L/∂E[i] = Σ&lt;sub&gt;t: {i} = i&lt;/sub&gt; ∂L/∂{y}: repeats add up, and a row whose id is not in the text gets exactly 0. This sentence&apos;s rows:</source>
        <translation>A consulta é um produto por um vetor one-hot: {y} = E[{i}] = one-hot({i})&lt;sup&gt;T&lt;/sup&gt;E. Então, na volta, o gradiente da linha E[i] é a soma de ∂L/∂{y} nas posições t que têm o id i, ∂L/∂E[i] = Σ&lt;sub&gt;t: {i} = i&lt;/sub&gt; ∂L/∂{y}: repetições se somam, e a linha de um id que não está no texto recebe exatamente 0. As linhas desta frase:</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="516"/>
        <source>positions that hold it</source>
        <translation>posições em que aparece</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="517"/>
        <source>its gradient</source>
        <translation>o seu gradiente</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="524"/>
        <source>a sum of {0} terms</source>
        <translation>uma soma de {0} termos</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="525"/>
        <source>one term</source>
        <translation>um termo</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="528"/>
        <source>the other {0} ids</source>
        <translation>os outros {0} ids</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="534"/>
        <source>RoPE: only the distance counts</source>
        <translation>RoPE: só a distância conta</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="535"/>
        <source>Think of a clock: RoPE turns each token&apos;s hand a little further at every position. One pair of numbers, θ = {theta}, the same q = k = {vector}: q at position m is turned by (m − 1)·θ, k at position n by (n − 1)·θ, and their score depends only on m − n.</source>
        <translation>Pense num relógio: a RoPE gira o ponteiro de cada token um pouco mais a cada posição. Um par de números, θ = {theta}, o mesmo q = k = {vector}: q na posição m gira (m − 1)·θ, k na posição n gira (n − 1)·θ, e o score deles só depende de m − n.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="582"/>
        <source>The app computes this answer live: go to step {0} of the guided lesson and reveal it.</source>
        <translation>O app calcula esta resposta na hora: vá à etapa {0} da aula guiada e revele-a.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/swap.py" line="88"/>
        <source>Positions {a} and {b} hold the same row ({x_a}), so the swap leaves X exactly as it was.</source>
        <translation>As posições {a} e {b} têm a mesma linha ({x_a}), então a troca deixa X exatamente como estava.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/swap.py" line="91"/>
        <source>X changes, not only its order: rows {a} and {b} trade places and take new numbers, {y_a} and {y_b} instead of {x_a} and {x_b}, because each row also holds the vector of its position. Rows that only moved: {moved}; rows that changed: {changed}.</source>
        <translation>X muda, não só a ordem: as linhas {a} e {b} trocam de lugar e ganham números novos, {y_a} e {y_b} em vez de {x_a} e {x_b}, porque cada linha também carrega o vetor da sua posição. Linhas que só mudaram de lugar: {moved}; linhas que mudaram: {changed}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/swap.py" line="99"/>
        <source>X keeps the same rows in another order: rows {a} and {b} trade places ({x_a} and {x_b}) and nothing else changes. Rows that only moved: {moved}; rows that changed: {changed}. Attention without a mask would give the same outputs, swapped: it cannot tell “{order}” from “{swapped}”.</source>
        <translation>X fica com as mesmas linhas em outra ordem: as linhas {a} e {b} trocam de lugar ({x_a} e {x_b}) e nada mais muda. Linhas que só mudaram de lugar: {moved}; linhas que mudaram: {changed}. A atenção sem máscara daria as mesmas saídas, trocadas: ela não distingue “{order}” de “{swapped}”.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/sparse_gradient.py" line="68"/>
        <source>Only the rows of the ids that occur in the batch. A Zipf sample of {batch} tokens over GPT-2&apos;s {V} ids (s = 1, seed {seed}, drawn by the app) touches &lt;b&gt;{touched}&lt;/b&gt; rows: at most {batch}, and far fewer, because frequent tokens repeat. The other {untouched} rows get exactly 0, which is why the row of a rare token learns slowly.</source>
        <translation>Só as linhas dos ids que aparecem no batch. Uma amostra de Zipf de {batch} tokens entre os {V} ids do GPT-2 (s = 1, semente {seed}, sorteada pelo app) toca &lt;b&gt;{touched}&lt;/b&gt; linhas: no máximo {batch}, e bem menos, porque tokens frequentes se repetem. As outras {untouched} linhas recebem exatamente 0; é por isso que a linha de um token raro aprende devagar.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="589"/>
        <source>For the discussion: how big E gets</source>
        <translation>Para a conversa: o tamanho de E</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="591"/>
        <source>GPT-2 small: {V} × {d} = {count} parameters in E, about {millions} million, {share} of the whole model ({total} million).</source>
        <translation>GPT-2 small: {V} × {d} = {count} parâmetros em E, cerca de {millions} milhões, {share} do modelo inteiro ({total} milhões).</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="596"/>
        <source>A table of {V} rows × {d} (Llama 3 class): {count} parameters, about {millions} million, in the input alone.</source>
        <translation>Uma tabela de {V} linhas × {d} (porte do Llama 3): {count} parâmetros, cerca de {millions} milhões, só na entrada.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="600"/>
        <source>Tying E to the output layer keeps one such table instead of two: {tied} parameters instead of {untied} for GPT-2 small.</source>
        <translation>Amarrar E à camada de saída guarda uma tabela dessas em vez de duas: {tied} parâmetros em vez de {untied} no GPT-2 small.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/pdf.py" line="362"/>
        <source>For the teacher</source>
        <translation>Para o professor</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/moved_row.py" line="90"/>
        <source>The rows themselves change: {token} at position {new} is E[{id}] + {added} = {E} + {P} = &lt;b&gt;{x}&lt;/b&gt;, no longer {old_x}, the row it had at position {old}. Rows that changed: {changed}; so X now tells the two orders apart.</source>
        <translation>As próprias linhas mudam: {token} na posição {new} vale E[{id}] + {added} = {E} + {P} = &lt;b&gt;{x}&lt;/b&gt;, não mais {old_x}, a linha que tinha na posição {old}. Linhas que mudaram: {changed}; então X agora distingue as duas ordens.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/repeated_token.py" line="82"/>
        <source>The same: {token} is E[{id}] = &lt;b&gt;{x}&lt;/b&gt; at positions {p} and {q}, because nothing is added for the position. X alone cannot tell which of the two came first.</source>
        <translation>Iguais: {token} vale E[{id}] = &lt;b&gt;{x}&lt;/b&gt; nas posições {p} e {q}, porque nada é somado pela posição. X sozinha não diz qual dos dois veio antes.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/repeated_token.py" line="86"/>
        <source>Different: both places look up E[{id}] = {E}, but each adds the vector of its position, so {token} is &lt;b&gt;{first}&lt;/b&gt; at position {p} and &lt;b&gt;{second}&lt;/b&gt; at position {q}.</source>
        <translation>Diferentes: os dois lugares consultam E[{id}] = {E}, mas cada um soma o vetor da sua posição, então {token} vale &lt;b&gt;{first}&lt;/b&gt; na posição {p} e &lt;b&gt;{second}&lt;/b&gt; na posição {q}.</translation>
    </message>
</context>
<context>
    <name>JoinPanel</name>
    <message>
        <location filename="../../visualizer/poll/join_panel.py" line="116"/>
        <source>Answered: {0}</source>
        <translation>Responderam: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/join_panel.py" line="118"/>
        <source>Answered: {0} · addresses: {1}</source>
        <translation>Responderam: {0} · endereços: {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/join_panel.py" line="221"/>
        <source>Follow the lesson on your phone</source>
        <translation>Acompanhe a aula no celular</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/join_panel.py" line="222"/>
        <source>Answer on your phone</source>
        <translation>Responda no celular</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/join_panel.py" line="223"/>
        <source>Scan the code, or open this address in the phone&apos;s browser (on the same Wi-Fi as this laptop):</source>
        <translation>Leia o código ou abra este endereço no navegador do celular (no mesmo Wi-Fi deste notebook):</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/join_panel.py" line="226"/>
        <source>The class poll is closed.</source>
        <translation>A votação da turma está fechada.</translation>
    </message>
</context>
<context>
    <name>LargeMatrix</name>
    <message>
        <location filename="../../visualizer/real/large_matrix.py" line="189"/>
        <source>no value</source>
        <translation>sem valor</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/large_matrix.py" line="190"/>
        <source>{0} at position {1}, dimension {2}: {3}</source>
        <translation>{0} na posição {1}, dimensão {2}: {3}</translation>
    </message>
</context>
<context>
    <name>LessonBand</name>
    <message>
        <location filename="../../visualizer/lesson/band.py" line="259"/>
        <source>Guided lesson</source>
        <translation>Aula guiada</translation>
    </message>
</context>
<context>
    <name>LessonEditor</name>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="137"/>
        <source>{0}. {1} (question)</source>
        <translation>{0}. {1} (pergunta)</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="137"/>
        <source>{0}. {1}</source>
        <translation>{0}. {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="170"/>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="170"/>
        <source>Undo the last change to the lesson</source>
        <translation>Desfazer a última mudança na aula</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="171"/>
        <source>Redo</source>
        <translation>Refazer</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="171"/>
        <source>Redo the change undone</source>
        <translation>Refazer a mudança desfeita</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="172"/>
        <source>Save as…</source>
        <translation>Salvar como…</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="172"/>
        <source>Save the lesson as a file</source>
        <translation>Salvar a aula num arquivo</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="173"/>
        <source>Add before</source>
        <translation>Adicionar antes</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="173"/>
        <source>Add what the screen shows now as a step before this one</source>
        <translation>Adicionar o que a tela mostra agora como um passo antes deste</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="175"/>
        <source>Add after</source>
        <translation>Adicionar depois</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="175"/>
        <source>Add what the screen shows now as a step after this one</source>
        <translation>Adicionar o que a tela mostra agora como um passo depois deste</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="176"/>
        <source>Retake</source>
        <translation>Regravar</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="176"/>
        <source>This step shows what the screen shows now (its texts stay)</source>
        <translation>Este passo passa a mostrar o que a tela mostra agora (os textos ficam)</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="177"/>
        <source>Duplicate</source>
        <translation>Duplicar</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="177"/>
        <source>Add a copy of this step after it</source>
        <translation>Adicionar uma cópia deste passo depois dele</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="178"/>
        <source>Up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="178"/>
        <source>Move this step one place earlier</source>
        <translation>Mover este passo uma posição para cima</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="179"/>
        <source>Down</source>
        <translation>Descer</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="179"/>
        <source>Move this step one place later</source>
        <translation>Mover este passo uma posição para baixo</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="180"/>
        <source>Delete</source>
        <translation>Apagar</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/lesson_editor.py" line="180"/>
        <source>Delete this step</source>
        <translation>Apagar este passo</translation>
    </message>
</context>
<context>
    <name>LessonFiles</name>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="35"/>
        <source>an author who did not sign it</source>
        <translation>um autor que não o assinou</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="37"/>
        <source>none whole</source>
        <translation>nenhuma por inteiro</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="38"/>
        <source>“{0}”, by {1}: {2} steps ({3} questions), written in {4}.</source>
        <translation>“{0}”, de {1}: {2} passos ({3} perguntas), escrita em {4}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="48"/>
        <location filename="../../visualizer/shell/lesson_files.py" line="190"/>
        <source>Open a lesson</source>
        <translation>Abrir uma aula</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="50"/>
        <source>Run this lesson instead of the one in use? The model&apos;s sentence and scheme follow its first step.</source>
        <translation>Usar esta aula no lugar da atual? A frase e o esquema do modelo passam a ser os do seu primeiro passo.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="54"/>
        <source>&amp;Open the lesson</source>
        <translation>&amp;Abrir a aula</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="55"/>
        <location filename="../../visualizer/shell/lesson_files.py" line="79"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="69"/>
        <source>Unsaved lesson</source>
        <translation>Aula não salva</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="70"/>
        <source>Save the changes to the lesson before opening {0}?</source>
        <translation>Salvar as mudanças na aula antes de abrir {0}?</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="71"/>
        <source>Save the changes to the lesson before quitting?</source>
        <translation>Salvar as mudanças na aula antes de sair?</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="73"/>
        <source>The steps added, moved or deleted and the texts written in the lesson editor since the lesson was last saved would be lost.</source>
        <translation>Os passos adicionados, movidos ou apagados e os textos escritos no editor da aula desde que a aula foi salva pela última vez seriam perdidos.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="78"/>
        <source>&amp;Save the lesson…</source>
        <translation>&amp;Salvar a aula…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="76"/>
        <source>Open &amp;without saving</source>
        <translation>A&amp;brir sem salvar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="77"/>
        <source>Quit &amp;without saving</source>
        <translation>Sai&amp;r sem salvar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="145"/>
        <source>Not opened, the lesson in use stays: {0}</source>
        <translation>Não foi aberta, a aula atual continua: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="153"/>
        <source>Opened the lesson {0}</source>
        <translation>Aula aberta: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="165"/>
        <source>The lesson&apos;s edits saved automatically cannot be read, the lesson in use stays: {0}</source>
        <translation>As edições da lição salvas automaticamente não puderam ser lidas, a lição em uso continua: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="180"/>
        <source>Cannot write {0}: {1}</source>
        <translation>Não foi possível gravar {0}: {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="185"/>
        <source>Saved the lesson {0}</source>
        <translation>Aula salva em {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/lesson_files.py" line="199"/>
        <source>Save the lesson as</source>
        <translation>Salvar a aula como</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="292"/>
        <source>you are here</source>
        <translation>você está aqui</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="295"/>
        <source>◀ Previous</source>
        <translation>◀ Anterior</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="296"/>
        <source>Next ▶</source>
        <translation>Próximo ▶</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="297"/>
        <source>Reveal</source>
        <translation>Revelar</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="352"/>
        <source>{0} steps</source>
        <translation>{0} etapas</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="303"/>
        <source>Guided lesson</source>
        <translation>Aula guiada</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="273"/>
        <source>The app is measuring it now, on this laptop: the answer appears here when the measurement ends.</source>
        <translation>O app está medindo agora, neste computador: a resposta aparece aqui quando a medição terminar.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="277"/>
        <source>This answer compares rows of X, and past the learned table a row has no numbers. Reveal runs the experiment again on the lesson&apos;s sentence.</source>
        <translation>Esta resposta compara linhas de X, e além da tabela aprendida uma linha não tem números. Revelar roda o experimento de novo na frase da aula.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="279"/>
        <source>This answer was about “{0}”, and the tokens on screen have changed since. Reveal runs the experiment again on that sentence.</source>
        <translation>Esta resposta era sobre “{0}”, e os tokens na tela mudaram desde então. Revelar roda o experimento de novo nessa frase.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="298"/>
        <source>Show the step</source>
        <translation>Mostrar a etapa</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="304"/>
        <source>Press Next (or Page Down) to start.</source>
        <translation>Aperte Próximo (ou a tecla Avançar Página) para começar.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="340"/>
        <source>This step is on the page “{0}”, and another page is in front: “Show the step” brings it back.</source>
        <translation>Esta etapa está na página “{0}”, e outra página está na frente: “Mostrar a etapa” a traz de volta.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/panel.py" line="353"/>
        <source>step {0} of {1}</source>
        <translation>etapa {0} de {1}</translation>
    </message>
</context>
<context>
    <name>Look</name>
    <message>
        <location filename="../../visualizer/shell/look.py" line="50"/>
        <source>The translation {0} could not be loaded.</source>
        <translation>Não foi possível carregar a tradução {0}.</translation>
    </message>
</context>
<context>
    <name>LookupTable</name>
    <message>
        <location filename="../../visualizer/toy/lookup_table.py" line="201"/>
        <source>E ({0} × {1})</source>
        <translation>E ({0} × {1})</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/lookup_table.py" line="211"/>
        <location filename="../../visualizer/toy/lookup_table.py" line="242"/>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/lookup_table.py" line="213"/>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/lookup_table.py" line="224"/>
        <source>E[ids]</source>
        <translation>E[ids]</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/lookup_table.py" line="232"/>
        <source>position</source>
        <translation>posição</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/lookup_table.py" line="238"/>
        <source>id {0}   ({1} {2})</source>
        <translation>id {0}   ({1} {2})</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/lookup_table.py" line="240"/>
        <source>id   (position token)</source>
        <translation>id   (posição token)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/lookup_table.py" line="300"/>
        <source>E[ids]: each id copies its row of E, in order</source>
        <translation>E[ids]: cada id copia a sua linha de E, na ordem</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/lookup_table.py" line="301"/>
        <source>The ids {0} only name rows of E</source>
        <translation>Os ids {0} só dão nome a linhas de E</translation>
    </message>
</context>
<context>
    <name>LossNote</name>
    <message>
        <location filename="../../visualizer/lab/loss_note.py" line="54"/>
        <source>Toy loss L = ½ Σₜ ‖E[iₜ] − T[iₜ]‖²: each occurrence pulls its row of E toward a target T.</source>
        <translation>Perda de exemplo L = ½ Σₜ ‖E[iₜ] − T[iₜ]‖²: cada ocorrência puxa sua linha de E para um alvo T.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/loss_note.py" line="58"/>
        <source>Toy loss (an illustration, not a language model&apos;s): L = ½ Σₜ ‖E[iₜ] − T[iₜ]‖², each occurrence pulls its row toward a fixed target T. Batch loss {0}. Frequent tokens get many pulls per step; rare ones almost none, so their rows barely move.</source>
        <translation>Perda de exemplo (não é a de um modelo de linguagem): L = ½ Σₜ ‖E[iₜ] − T[iₜ]‖², cada ocorrência puxa sua linha para um alvo fixo T. Perda do batch {0}. Tokens frequentes recebem muitos puxões por passo; os raros quase nenhum, e suas linhas quase não se movem.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/loss_note.py" line="66"/>
        <source>Tied: E is also the softmax output layer, which gives every row a gradient.</source>
        <translation>Amarrada: E também é a camada de saída do softmax, que dá gradiente a todas as linhas.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/loss_note.py" line="68"/>
        <source>Adam here is the sparse (lazy) kind frameworks use for embeddings: rows without a gradient keep their moments.</source>
        <translation>O Adam aqui é o esparso (preguiçoso) que os frameworks usam para embeddings: linhas sem gradiente mantêm seus momentos.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/loss_note.py" line="81"/>
        <source>One step moves a row by η × its count × its distance to T (η = {0}).</source>
        <translation>Um passo move uma linha η × a sua contagem × a sua distância até T (η = {0}).</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/loss_note.py" line="85"/>
        <source>“{0}” comes {1} times, “{2}” {3}, yet “{0}” moves less: a step moves a row η × count × its distance to T (η = {4}), and “{0}” starts nearer ({5} against {6}).</source>
        <translation>“{0}” aparece {1} vezes, “{2}” {3}, e “{0}” anda menos: cada passo anda η × contagem × distância até T (η = {4}), e “{0}” começa mais perto ({5} contra {6}).</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../visualizer/shell/main_window.py" line="191"/>
        <source>Embeddings: from token ids to X</source>
        <translation>Embeddings: dos ids dos tokens até X</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="374"/>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="377"/>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="378"/>
        <source>&amp;View</source>
        <translation>&amp;Exibir</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="375"/>
        <source>Open &amp;recent</source>
        <translation>Abrir &amp;recente</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="380"/>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="379"/>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="283"/>
        <source>Follow the system</source>
        <translation>Seguir o sistema</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="284"/>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="285"/>
        <source>Dark</source>
        <translation>Escuro</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="348"/>
        <source>Add this moment as a step &amp;after</source>
        <translation>Adicionar este momento como passo &amp;depois</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="350"/>
        <source>Add this moment as a step &amp;before</source>
        <translation>Adicionar este momento como passo an&amp;tes</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="352"/>
        <source>&amp;Edit the lesson</source>
        <translation>&amp;Editar a aula</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="355"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Atalhos de teclado</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="357"/>
        <source>&amp;About</source>
        <translation>&amp;Sobre</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="359"/>
        <source>Leave presentation</source>
        <translation>Sair da apresentação</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="365"/>
        <source>Blank the screen</source>
        <translation>Escurecer a tela</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="367"/>
        <source>Play or pause</source>
        <translation>Reproduzir ou pausar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="376"/>
        <source>E&amp;xport</source>
        <translation>E&amp;xportar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="302"/>
        <source>Current view as PNG ({0}×)…</source>
        <translation>Vista atual como PNG ({0}×)…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="291"/>
        <source>&amp;Open session…</source>
        <translation>&amp;Abrir sessão…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="292"/>
        <source>&amp;Save session</source>
        <translation>&amp;Salvar sessão</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="293"/>
        <source>Save session &amp;as…</source>
        <translation>Salvar sessão &amp;como…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="298"/>
        <source>&amp;Export X…</source>
        <translation>&amp;Exportar X…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="305"/>
        <source>Current view as SVG…</source>
        <translation>Vista atual como SVG…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="307"/>
        <source>Whole window as PNG (2×)…</source>
        <translation>Janela inteira como PNG (2×)…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="310"/>
        <source>Arrays E, P, X, scores, gradient (CSV and NPY)…</source>
        <translation>Matrizes E, P, X, scores, gradiente (CSV e NPY)…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="312"/>
        <source>X as LaTeX…</source>
        <translation>X em LaTeX…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="319"/>
        <source>&amp;Copy view as image</source>
        <translation>&amp;Copiar a visualização como imagem</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="315"/>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="295"/>
        <source>Open &amp;lesson…</source>
        <translation>Abrir au&amp;la…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="297"/>
        <source>Save lesson as…</source>
        <translation>Salvar aula como…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="313"/>
        <source>Export &amp;handout (PDF)…</source>
        <translation>Exportar &amp;material da aula (PDF)…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="320"/>
        <source>&amp;Delete selected token</source>
        <translation>&amp;Apagar o token selecionado</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="322"/>
        <source>Move token &amp;left</source>
        <translation>Mover token para a &amp;esquerda</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="324"/>
        <source>Move token &amp;right</source>
        <translation>Mover token para a &amp;direita</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="326"/>
        <source>&amp;Build X step by step</source>
        <translation>&amp;Montar X passo a passo</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="343"/>
        <source>Guided &amp;lesson</source>
        <translation>&amp;Aula guiada</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="345"/>
        <location filename="../../visualizer/shell/window_actions.py" line="361"/>
        <source>&amp;Next lesson step</source>
        <translation>Próxima &amp;etapa da aula</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="346"/>
        <location filename="../../visualizer/shell/window_actions.py" line="363"/>
        <source>&amp;Previous lesson step</source>
        <translation>Etapa a&amp;nterior da aula</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="327"/>
        <source>&amp;Presentation mode</source>
        <translation>Modo a&amp;presentação</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="329"/>
        <source>Zoom &amp;in</source>
        <translation>&amp;Aumentar zoom</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="330"/>
        <source>Zoom &amp;out</source>
        <translation>&amp;Diminuir zoom</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="331"/>
        <source>&amp;Reset zoom</source>
        <translation>&amp;Zoom normal</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="332"/>
        <source>&amp;High contrast</source>
        <translation>Alto &amp;contraste</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="381"/>
        <source>&amp;Lesson</source>
        <translation>Au&amp;la</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="382"/>
        <source>Class &amp;poll</source>
        <translation>&amp;Votação da turma</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="383"/>
        <source>&amp;Help</source>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="317"/>
        <source>&amp;Undo</source>
        <translation>&amp;Desfazer</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/window_actions.py" line="318"/>
        <source>&amp;Redo</source>
        <translation>&amp;Refazer</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="441"/>
        <source>&amp;Ask the class</source>
        <translation>&amp;Perguntar à turma</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="443"/>
        <source>Ask a&amp;gain (answers kept)</source>
        <translation>Perguntar de &amp;novo (respostas mantidas)</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="444"/>
        <source>&amp;Reset the answers</source>
        <translation>&amp;Zerar as respostas</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="446"/>
        <source>&amp;New room code</source>
        <translation>Novo có&amp;digo da sala</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="448"/>
        <source>&amp;Phones share addresses</source>
        <translation>Celulares &amp;compartilham endereços</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="450"/>
        <source>&amp;Save the class&apos;s answers…</source>
        <translation>&amp;Salvar as respostas da turma…</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="452"/>
        <source>&amp;Close the poll</source>
        <translation>&amp;Fechar a votação</translation>
    </message>
</context>
<context>
    <name>ModelMenu</name>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="128"/>
        <source>Cannot open this model: {0}</source>
        <translation>Não foi possível abrir este modelo: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="132"/>
        <source>Opened {0}</source>
        <translation>Aberto: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="230"/>
        <source>The session&apos;s tokens are not in this model&apos;s vocabulary: its sentence is shown as it tokenizes.</source>
        <translation>Os tokens da sessão não estão no vocabulário deste modelo: a frase aparece como ele a divide em tokens.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="256"/>
        <source>Cannot export: {0}</source>
        <translation>Não foi possível exportar: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="258"/>
        <source>Wrote {0}</source>
        <translation>{0} gravado</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="284"/>
        <source>Open a model folder (config.json, tokenizer.json, model.safetensors)</source>
        <translation>Abrir uma pasta de modelo (config.json, tokenizer.json, model.safetensors)</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="290"/>
        <source>Export the model&apos;s X</source>
        <translation>Exportar o X do modelo</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="308"/>
        <source>&amp;Model</source>
        <translation>&amp;Modelo</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="309"/>
        <source>&amp;Open model folder…</source>
        <translation>&amp;Abrir pasta de modelo…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="310"/>
        <source>&amp;Recent models</source>
        <translation>Modelos &amp;recentes</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="311"/>
        <source>&amp;Toy vocabulary</source>
        <translation>Vocabulário de &amp;exemplo</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="313"/>
        <source>&amp;Export the model&apos;s X…</source>
        <translation>&amp;Exportar o X do modelo…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/model_menu.py" line="273"/>
        <location filename="../../visualizer/shell/model_menu.py" line="316"/>
        <source>Real model</source>
        <translation>Modelo real</translation>
    </message>
</context>
<context>
    <name>NumbersHint</name>
    <message>
        <location filename="../../visualizer/ui/numbers_hint.py" line="14"/>
        <source>No room for the numbers of {0}: point at a cell, or F5.</source>
        <translation>Sem espaço para os números de {0}: aponte para uma célula, ou F5.</translation>
    </message>
    <message>
        <location filename="../../visualizer/ui/numbers_hint.py" line="15"/>
        <source>No room for the numbers of {0}: point at a cell.</source>
        <translation>Sem espaço para os números de {0}: aponte para uma célula.</translation>
    </message>
</context>
<context>
    <name>OpenLine</name>
    <message>
        <location filename="../../visualizer/poll/open_line.py" line="54"/>
        <source>Class poll open at {0} · phones follow the lesson</source>
        <translation>Votação da turma aberta em {0} · os celulares acompanham a aula</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/open_line.py" line="56"/>
        <source>The class poll is closed.</source>
        <translation>A votação da turma está fechada.</translation>
    </message>
</context>
<context>
    <name>PollBand</name>
    <message>
        <location filename="../../visualizer/poll/band.py" line="307"/>
        <source>Practice on your own</source>
        <translation>Praticar sozinho</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/band.py" line="307"/>
        <source>Class poll</source>
        <translation>Votação da turma</translation>
    </message>
</context>
<context>
    <name>PollPart</name>
    <message>
        <location filename="../../visualizer/poll/part.py" line="183"/>
        <source>Ask again works on a check-yourself step.</source>
        <translation>Perguntar de novo só funciona numa etapa “Verifique”.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="192"/>
        <source>Reset works on a check-yourself step.</source>
        <translation>Zerar as respostas só funciona numa etapa “Verifique”.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="215"/>
        <source>New room code: phones must scan the new code.</source>
        <translation>Novo código da sala: os celulares precisam ler o novo código.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="222"/>
        <source>No answers to save: ask the class first.</source>
        <translation>Não há respostas para salvar: pergunte à turma primeiro.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="224"/>
        <source>Save the class&apos;s answers</source>
        <translation>Salvar as respostas da turma</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="231"/>
        <source>The class&apos;s answers saved to {0}</source>
        <translation>Respostas da turma salvas em {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="225"/>
        <source>CSV table (*.csv)</source>
        <translation>Tabela CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="333"/>
        <source>Close the poll</source>
        <translation>Fechar a votação</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="333"/>
        <source>Ask the class</source>
        <translation>Perguntar à turma</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/part.py" line="370"/>
        <source>Practice on your own</source>
        <translation>Praticar sozinho</translation>
    </message>
</context>
<context>
    <name>PollResultsView</name>
    <message>
        <location filename="../../visualizer/poll/results.py" line="213"/>
        <source>First vote</source>
        <translation>Primeira votação</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="214"/>
        <source>After the discussion</source>
        <translation>Depois da discussão</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="216"/>
        <source>No answers to show: this step asks no question.</source>
        <translation>Nenhuma resposta para mostrar: esta etapa não faz pergunta.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="227"/>
        <source>{0} ({1}%)</source>
        <translation>{0} ({1}%)</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="229"/>
        <source>first: {0} ({1}%)</source>
        <translation>primeira: {0} ({1}%)</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="230"/>
        <source>after: {0} ({1}%)</source>
        <translation>depois: {0} ({1}%)</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="246"/>
        <source>First vote: {0} answered; after the discussion: {1}.</source>
        <translation>Primeira votação: {0} responderam; depois da discussão: {1}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="248"/>
        <source>✓ marks the right answer.</source>
        <translation>✓ marca a resposta certa.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="249"/>
        <source>The answer is not revealed yet.</source>
        <translation>A resposta ainda não foi revelada.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="251"/>
        <source>Answered: {0}. ✓ marks the right answer.</source>
        <translation>Responderam: {0}. ✓ marca a resposta certa.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/results.py" line="253"/>
        <source>Answered: {0}. The answer is not revealed yet.</source>
        <translation>Responderam: {0}. A resposta ainda não foi revelada.</translation>
    </message>
</context>
<context>
    <name>PracticeQuestion</name>
    <message>
        <location filename="../../visualizer/poll/practice_question.py" line="137"/>
        <source>Practice on your own</source>
        <translation>Praticar sozinho</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/practice_question.py" line="139"/>
        <source>This step asks no question. The check-yourself steps of the lesson do: go to one of them to practise.</source>
        <translation>Esta etapa não faz pergunta. As etapas “Verifique” da aula fazem: vá a uma delas para praticar.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/practice_question.py" line="152"/>
        <source>Pick the answer you predict.</source>
        <translation>Escolha a resposta que você prevê.</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/practice_question.py" line="158"/>
        <source>✓ Right. {0}</source>
        <translation>✓ Certo. {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/poll/practice_question.py" line="160"/>
        <source>✗ Not {0}. {1} Try another choice.</source>
        <translation>✗ Não é {0}. {1} Tente outra alternativa.</translation>
    </message>
</context>
<context>
    <name>Presentation</name>
    <message>
        <location filename="../../visualizer/shell/presentation.py" line="172"/>
        <source>Zoom reduced: this step did not fit the window at the zoom before.</source>
        <translation>Zoom reduzido: esta etapa não cabia na janela com o zoom de antes.</translation>
    </message>
</context>
<context>
    <name>ProblemBar</name>
    <message>
        <location filename="../../visualizer/ui/problem_bar.py" line="49"/>
        <source>Dismiss</source>
        <translation>Fechar aviso</translation>
    </message>
</context>
<context>
    <name>Problems</name>
    <message>
        <location filename="../../visualizer/core/positions.py" line="103"/>
        <source>the learned table has {rows} positions; position {first} is beyond the trained length</source>
        <translation>a tabela aprendida tem {rows} posições; a posição {first} está além do comprimento treinado</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="142"/>
        <source>cannot save {path}: {reason}</source>
        <translation>não foi possível salvar {path}: {reason}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="157"/>
        <source>cannot open {path}: {reason}</source>
        <translation>não foi possível abrir {path}: {reason}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="160"/>
        <source>{name} is {size:,} bytes; a session is at most {limit:,}</source>
        <translation>{name} tem {size:,} bytes; uma sessão tem no máximo {limit:,}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="166"/>
        <source>cannot read {path}: {reason}</source>
        <translation>não foi possível ler {path}: {reason}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="171"/>
        <source>{name} is not text (UTF-8)</source>
        <translation>{name} não é texto (UTF-8)</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="173"/>
        <source>{name} is nested too deeply to be a session</source>
        <translation>{name} tem aninhamento profundo demais para ser uma sessão</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="176"/>
        <source>{name} is not valid JSON (line {line}: {reason}); it may be truncated</source>
        <translation>{name} não é um JSON válido (linha {line}: {reason}); o arquivo pode estar truncado</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="185"/>
        <source>{name} is not a session (expected a JSON object)</source>
        <translation>{name} não é uma sessão (era esperado um objeto JSON)</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="187"/>
        <source>{name} is not a session of this app (format {format!r})</source>
        <translation>{name} não é uma sessão deste aplicativo (formato {format!r})</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="192"/>
        <source>{name} has no valid version number</source>
        <translation>{name} não tem um número de versão válido</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="194"/>
        <source>{name} was made by a newer version of the app (session version {version}; this app reads up to {supported})</source>
        <translation>{name} foi feita por uma versão mais nova do aplicativo (versão da sessão {version}; este aplicativo lê até a {supported})</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="198"/>
        <source>{name} has an invalid version {version}</source>
        <translation>{name} tem uma versão inválida: {version}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="202"/>
        <source>{name}: &apos;ids&apos; must be a list of whole numbers</source>
        <translation>{name}: &apos;ids&apos; deve ser uma lista de números inteiros</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="204"/>
        <source>{name}: {count} tokens is more than {limit}</source>
        <translation>{name}: {count} tokens é mais que o máximo de {limit}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="208"/>
        <source>{name}: a token id is outside 0..{last}</source>
        <translation>{name}: um id de token está fora de 0..{last}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="212"/>
        <source>{name}: unknown position scheme {scheme!r}</source>
        <translation>{name}: esquema de posição desconhecido {scheme!r}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="236"/>
        <source>{name}: &apos;real_model&apos; must be null or {{folder: a full path, text: a sentence, ids: a list of token ids}}</source>
        <translation>{name}: &apos;real_model&apos; deve ser null ou {{folder: um caminho completo, text: uma frase, ids: uma lista de ids de tokens}}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="247"/>
        <source>{name}: &apos;page&apos; must be null or a page&apos;s name</source>
        <translation>{name}: &apos;page&apos; deve ser null ou o nome de uma página</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="253"/>
        <source>{name}: &apos;session_file&apos; must be null or a full path</source>
        <translation>{name}: &apos;session_file&apos; deve ser null ou um caminho completo</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="258"/>
        <source>{name}: &apos;lesson_file&apos; must be null or a full path</source>
        <translation>{name}: &apos;lesson_file&apos; deve ser null ou um caminho completo</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="281"/>
        <source>{name}: &apos;lesson_step&apos; must be a whole number or null</source>
        <translation>{name}: &apos;lesson_step&apos; deve ser um número inteiro ou null</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="289"/>
        <source>{name}: &apos;lesson&apos; must be null or {{step: a step&apos;s id, revealed: true or false}}</source>
        <translation>{name}: &apos;lesson&apos; deve ser null ou {{step: o id de uma etapa, revealed: true ou false}}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="296"/>
        <source>{name}: &apos;E_edits&apos; must be a list of [id, dimension, value]</source>
        <translation>{name}: &apos;E_edits&apos; deve ser uma lista de [id, dimensão, valor]</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="303"/>
        <source>{name}: each edit of E must be [id, dimension, value]</source>
        <translation>{name}: cada edição de E deve ser [id, dimensão, valor]</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="307"/>
        <source>{name}: edit of E[{id}, {dim}] is outside the {V} × {d} table</source>
        <translation>{name}: a edição de E[{id}, {dim}] está fora da tabela {V} × {d}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="313"/>
        <source>{name}: E[{id}, {dim}] = {value} is not a usable number ({reason})</source>
        <translation>{name}: E[{id}, {dim}] = {value} não é um número que o app aceite ({reason})</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="352"/>
        <source>{name}: {reason}</source>
        <translation>{name}: {reason}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="323"/>
        <source>{name}: &apos;attention&apos; must be an object</source>
        <translation>{name}: &apos;attention&apos; deve ser um objeto</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="327"/>
        <source>{name}: RoPE base must be a number above 1</source>
        <translation>{name}: a base da RoPE deve ser um número maior que 1</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="332"/>
        <source>{name}: RoPE scaling must be null or {{kind: pi|ntk|yarn, factor}}</source>
        <translation>{name}: a escala da RoPE deve ser null ou {{kind: pi|ntk|yarn, factor}}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="337"/>
        <source>{name}: RoPE scaling factor must be 1 .. 1024</source>
        <translation>{name}: o fator de escala da RoPE deve estar entre 1 e 1024</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="342"/>
        <source>{name}: ALiBi heads must be 1 .. {limit} with a head among them</source>
        <translation>{name}: as cabeças da ALiBi devem ser de 1 a {limit}, com a cabeça mostrada entre elas</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/session.py" line="347"/>
        <source>{name}: &apos;causal&apos; must be true or false</source>
        <translation>{name}: &apos;causal&apos; deve ser true ou false</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/tables.py" line="154"/>
        <source>cannot export to {suffix}; use one of {formats}</source>
        <translation>não é possível exportar para {suffix}; use um de {formats}</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/tables.py" line="197"/>
        <source>cannot write {path}: folder {folder} does not exist</source>
        <translation>não foi possível gravar {path}: a pasta {folder} não existe</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/tables.py" line="200"/>
        <source>cannot write {path}: it is a folder</source>
        <translation>não foi possível gravar {path}: é uma pasta</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/tables.py" line="202"/>
        <source>cannot write {path}: permission denied</source>
        <translation>não foi possível gravar {path}: permissão negada</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/pdf.py" line="141"/>
        <location filename="../../visualizer/io/tables.py" line="211"/>
        <source>cannot write {path}: {reason}</source>
        <translation>não foi possível gravar {path}: {reason}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_picture.py" line="69"/>
        <location filename="../../visualizer/ui/rendering.py" line="59"/>
        <location filename="../../visualizer/ui/rendering.py" line="77"/>
        <location filename="../../visualizer/ui/rendering.py" line="96"/>
        <source>cannot write {path}</source>
        <translation>não foi possível gravar {path}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_picture.py" line="61"/>
        <source>cannot draw an image as {suffix}; use .png or .svg</source>
        <translation>não é possível desenhar uma imagem como {suffix}; use .png ou .svg</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/pdf.py" line="127"/>
        <source>a handout is a PDF: name it {name}.pdf</source>
        <translation>o material da aula é um PDF: chame o arquivo de {name}.pdf</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/pdf.py" line="129"/>
        <source>unknown paper {paper}; choose a4 or letter</source>
        <translation>papel desconhecido {paper}; escolha a4 ou letter</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/pdf.py" line="135"/>
        <source>cannot make the handout: {reason}</source>
        <translation>não foi possível montar o material da aula: {reason}</translation>
    </message>
    <message>
        <location filename="../../visualizer/model.py" line="131"/>
        <location filename="../../visualizer/model.py" line="133"/>
        <location filename="../../visualizer/model.py" line="137"/>
        <source>{value!r} is not a number</source>
        <translation>{value!r} não é um número</translation>
    </message>
    <message>
        <location filename="../../visualizer/model.py" line="139"/>
        <source>{value} is not a finite number</source>
        <translation>{value} não é um número finito</translation>
    </message>
    <message>
        <location filename="../../visualizer/model.py" line="142"/>
        <source>{value} is too large: an entry of E lies between -1,000,000 and 1,000,000</source>
        <translation>{value} é grande demais: uma entrada de E fica entre −1.000.000 e 1.000.000</translation>
    </message>
    <message>
        <location filename="../../visualizer/model.py" line="151"/>
        <source>E must have shape {shape}, not {got}</source>
        <translation>E deve ter a forma {shape}, não {got}</translation>
    </message>
    <message>
        <location filename="../../visualizer/model.py" line="163"/>
        <source>RoPE base must be a number above 1 and at most 1,000,000,000, got {base}</source>
        <translation>a base da RoPE deve ser um número maior que 1 e no máximo 1.000.000.000; veio {base}</translation>
    </message>
    <message>
        <location filename="../../visualizer/model.py" line="169"/>
        <source>RoPE scaling must be pi, ntk or yarn with a factor of 1 .. 1024, got {kind} × {factor}</source>
        <translation>a escala da RoPE deve ser pi, ntk ou yarn com um fator de 1 a 1024; veio {kind} × {factor}</translation>
    </message>
    <message>
        <location filename="../../visualizer/model.py" line="173"/>
        <source>ALiBi heads must be 1 .. {limit} with a head among them, got head {head} of {heads}</source>
        <translation>as cabeças da ALiBi devem ser de 1 a {limit}, com a cabeça mostrada entre elas; veio a cabeça {head} de {heads}</translation>
    </message>
</context>
<context>
    <name>QuestionKinds</name>
    <message>
        <location filename="../../visualizer/lesson/kinds/moved_row.py" line="55"/>
        <source>Follow a token that moves: what is its row now?</source>
        <translation>Siga um token que muda de lugar: qual é a sua linha agora?</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/repeated_token.py" line="50"/>
        <source>One token twice: are its two rows the same?</source>
        <translation>Um token duas vezes: as suas duas linhas são iguais?</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/sparse_gradient.py" line="49"/>
        <source>A batch: which rows of E get a gradient?</source>
        <translation>Um batch: quais linhas de E recebem gradiente?</translation>
    </message>
    <message>
        <location filename="../../visualizer/lesson/kinds/swap.py" line="57"/>
        <source>Swap two neighbouring tokens: what happens to X?</source>
        <translation>Troque dois tokens vizinhos de lugar: o que acontece com X?</translation>
    </message>
</context>
<context>
    <name>QuitQuestion</name>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="63"/>
        <source>Unsaved work</source>
        <translation>Trabalho não salvo</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="31"/>
        <source>Save the session before quitting?</source>
        <translation>Salvar a sessão antes de sair?</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="33"/>
        <source>Save the session before opening {0}?</source>
        <translation>Salvar a sessão antes de abrir {0}?</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="34"/>
        <location filename="../../visualizer/shell/quit_question.py" line="36"/>
        <source>Open &amp;without saving</source>
        <translation>A&amp;brir sem salvar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="35"/>
        <source>Save the session before opening the model {0}?</source>
        <translation>Salvar a sessão antes de abrir o modelo {0}?</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="37"/>
        <source>Save the session before closing the real model?</source>
        <translation>Salvar a sessão antes de fechar o modelo real?</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="38"/>
        <source>Close &amp;without saving</source>
        <translation>&amp;Fechar sem salvar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="39"/>
        <source>Save the session before restoring the work saved automatically?</source>
        <translation>Salvar a sessão antes de restaurar o trabalho salvo automaticamente?</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="40"/>
        <source>Restore &amp;without saving</source>
        <translation>&amp;Restaurar sem salvar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="67"/>
        <source>The sentence, the scheme and the edits to E since the last save would be lost.</source>
        <translation>A frase, o esquema e as edições de E desde a última vez que a sessão foi salva seriam perdidos.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="70"/>
        <source>The changes on the Real model page since the last save would be lost.</source>
        <translation>As mudanças na página Modelo real desde a última vez que a sessão foi salva seriam perdidas.</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="73"/>
        <source>&amp;Save</source>
        <translation>&amp;Salvar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="32"/>
        <source>Quit &amp;without saving</source>
        <translation>Sai&amp;r sem salvar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/quit_question.py" line="75"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>RealContextExtension</name>
    <message>
        <location filename="../../visualizer/real/context.py" line="176"/>
        <source>trained length {0}</source>
        <translation>comprimento treinado {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="177"/>
        <source>s × trained = {0}</source>
        <translation>s × treinado = {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="191"/>
        <source>s = {0}</source>
        <translation>s = {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="193"/>
        <source>Trained on {0} tokens, stretched to {1}: {2} pairs kept (their wavelength fits the trained length: they extrapolate), {3} interpolated (θ ÷ s), {4} in between. Attention factor {5}.</source>
        <translation>Treinado com {0} tokens, esticado para {1}: {2} pares mantidos (o comprimento de onda cabe no comprimento treinado: eles extrapolam), {3} interpolados (θ ÷ s), {4} no meio-termo. Fator de atenção {5}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="200"/>
        <source>Stretch by</source>
        <translation>Esticar com</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="201"/>
        <source>Wavelength 2π/θ_i of each pair (log scale)</source>
        <translation>Comprimento de onda 2π/θ_i de cada par (escala log)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="202"/>
        <source>pair i (fast → slow)</source>
        <translation>par i (rápido → lento)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="206"/>
        <source>trained</source>
        <translation>treinado</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="207"/>
        <source>kept (extrapolates)</source>
        <translation>mantido (extrapola)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="207"/>
        <source>in between</source>
        <translation>meio-termo</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/context.py" line="208"/>
        <source>interpolated (θ ÷ s)</source>
        <translation>interpolado (θ ÷ s)</translation>
    </message>
</context>
<context>
    <name>RealFrequencyUsage</name>
    <message>
        <location filename="../../visualizer/real/frequencies.py" line="117"/>
        <source>Layer</source>
        <translation>Camada</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/frequencies.py" line="118"/>
        <source>q heads</source>
        <translation>cabeças de q</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/frequencies.py" line="119"/>
        <source>k heads</source>
        <translation>cabeças de k</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/frequencies.py" line="121"/>
        <source>pair i (fast → slow)</source>
        <translation>par i (rápido → lento)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/frequencies.py" line="124"/>
        <source>This model does not use RoPE: no frequencies to read.</source>
        <translation>Este modelo não usa RoPE: não há frequências para ler.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/frequencies.py" line="126"/>
        <source>Cannot read this layer: {0}</source>
        <translation>Não foi possível ler esta camada: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/frequencies.py" line="128"/>
        <source>This file has no attention weights this app can read.</source>
        <translation>Este arquivo não tem pesos de atenção que o app saiba ler.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/frequencies.py" line="131"/>
        <source>Size of the q and k weights that feed each pair, per head: bright on the left, a head that attends by position (fast pairs); on the right, slow pairs that carry meaning (Barbero et al., 2024).</source>
        <translation>Tamanho dos pesos de q e k que alimentam cada par, por cabeça: claro à esquerda, uma cabeça que atende por posição (pares rápidos); à direita, pares lentos que carregam significado (Barbero et al., 2024).</translation>
    </message>
</context>
<context>
    <name>RealModelPage</name>
    <message>
        <location filename="../../visualizer/real/page.py" line="235"/>
        <source>Positions {0}–{1} are beyond the trained length: this model has {2} learned positions, so X has no value there.</source>
        <translation>As posições {0}–{1} passam do comprimento treinado: este modelo aprendeu {2} posições, então X não tem valor ali.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="198"/>
        <source>Positions</source>
        <translation>Posições</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="198"/>
        <source>Where position enters this model</source>
        <translation>Onde a posição entra neste modelo</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="199"/>
        <source>Context extension</source>
        <translation>Extensão de contexto</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="199"/>
        <source>Which frequencies the model uses</source>
        <translation>Que frequências o modelo usa</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="200"/>
        <source>Neighbours and norms</source>
        <translation>Vizinhos e normas</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="200"/>
        <source>Rows that barely learned</source>
        <translation>Linhas que mal aprenderam</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="245"/>
        <source>Type a sentence and press Enter: the model&apos;s own tokenizer splits it</source>
        <translation>Digite uma frase e tecle Enter: o próprio tokenizador do modelo a divide</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="247"/>
        <source>X (the lesson)</source>
        <translation>X (a da lição)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="248"/>
        <source>X_model</source>
        <translation>X_model</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="256"/>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="260"/>
        <source>&lt;b&gt;{0}&lt;/b&gt; ({1}): V = {2}, d = {3}, {4}. Embedding tables: {5} parameters, {6}% of {7}. Output layer {8}.</source>
        <translation>&lt;b&gt;{0}&lt;/b&gt; ({1}): V = {2}, d = {3}, {4}. Tabelas de embedding: {5} parâmetros, {6}% de {7}. Camada de saída {8}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="268"/>
        <source>Showing the lesson&apos;s X = {0}.</source>
        <translation>Mostrando o X da lição = {0}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="275"/>
        <source>Showing X_model = {0}: what the first block receives.</source>
        <translation>Mostrando X_model = {0}: o que o primeiro bloco recebe.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="251"/>
        <source>No model is open: Model → Open model folder…</source>
        <translation>Nenhum modelo aberto: Modelo → Abrir pasta de modelo…</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="255"/>
        <source>learned absolute positions</source>
        <translation>posições absolutas aprendidas</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="255"/>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="256"/>
        <source>no positions</source>
        <translation>sem posições</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="265"/>
        <source>tied to E</source>
        <translation>amarrada a E</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="265"/>
        <source>separate from E</source>
        <translation>separada de E</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="267"/>
        <source>E[ids] + P</source>
        <translation>E[ids] + P</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="267"/>
        <source>E[ids]</source>
        <translation>E[ids]</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="270"/>
        <source>LayerNorm(E[ids] + P + token type 0)</source>
        <translation>LayerNorm(E[ids] + P + tipo de token 0)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="271"/>
        <source>LayerNorm(E[ids] + P)</source>
        <translation>LayerNorm(E[ids] + P)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="272"/>
        <source>LayerNorm(E[ids])</source>
        <translation>LayerNorm(E[ids])</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/page.py" line="273"/>
        <source>the same as X</source>
        <translation>o mesmo que X</translation>
    </message>
</context>
<context>
    <name>RealNeighbours</name>
    <message>
        <location filename="../../visualizer/real/neighbours.py" line="94"/>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/neighbours.py" line="94"/>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/neighbours.py" line="94"/>
        <source>cosine</source>
        <translation>cosseno</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/neighbours.py" line="95"/>
        <source>Row norms ‖E[i]‖ against the token id i</source>
        <translation>Normas das linhas ‖E[i]‖ pelo id i do token</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/neighbours.py" line="99"/>
        <source>Open a model to see a token&apos;s nearest neighbours.</source>
        <translation>Abra um modelo para ver os vizinhos mais próximos de um token.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/neighbours.py" line="102"/>
        <source>tied to E: the output layer reuses these rows</source>
        <translation>amarrada a E: a camada de saída reaproveita estas linhas</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/neighbours.py" line="103"/>
        <source>not tied: the output layer has its own table</source>
        <translation>não amarrada: a camada de saída tem tabela própria</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/neighbours.py" line="104"/>
        <source>The {0} rows of E closest to “{1}” (id {2}) by cosine similarity; {3}.</source>
        <translation>As {0} linhas de E mais próximas de “{1}” (id {2}) pela similaridade de cosseno; {3}.</translation>
    </message>
</context>
<context>
    <name>RealPositionRecipe</name>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="78"/>
        <source>Config keys used: {0}.</source>
        <translation>Chaves do config usadas: {0}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="83"/>
        <source>&lt;b&gt;E[ids]&lt;/b&gt;: each token takes its row of E ({0} × {1}).</source>
        <translation>&lt;b&gt;E[ids]&lt;/b&gt;: cada token pega sua linha de E ({0} × {1}).</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="86"/>
        <source>&lt;b&gt;× W_inᵀ&lt;/b&gt;: project_in widens each row from {0} to {1}.</source>
        <translation>&lt;b&gt;× W_inᵀ&lt;/b&gt;: project_in alarga cada linha de {0} para {1}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="92"/>
        <source>counted from 0</source>
        <translation>contadas a partir de 0</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="94"/>
        <source>offset by 2, as OPT numbers them</source>
        <translation>deslocadas em 2, como o OPT as numera</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="96"/>
        <source>counted from pad_token_id + 1 = {0}; padding tokens take row {1}</source>
        <translation>contadas a partir de pad_token_id + 1 = {0}; tokens de preenchimento usam a linha {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="98"/>
        <source>&lt;b&gt;+ P&lt;/b&gt;: learned absolute positions, rows {0}–{1} of its {2} ({3}). The lesson&apos;s &lt;i&gt;learned&lt;/i&gt; scheme: no row past {4} tokens.</source>
        <translation>&lt;b&gt;+ P&lt;/b&gt;: posições absolutas aprendidas, linhas {0}–{1} das suas {2} ({3}). O esquema &lt;i&gt;aprendido&lt;/i&gt; da lição: nenhuma linha além de {4} tokens.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="102"/>
        <source>&lt;b&gt;+ token type 0&lt;/b&gt;: one segment, the same row for every token.</source>
        <translation>&lt;b&gt;+ tipo de token 0&lt;/b&gt;: um só segmento, a mesma linha para todo token.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="104"/>
        <source>&lt;b&gt;LayerNorm&lt;/b&gt; over each row, ε = {0}.</source>
        <translation>&lt;b&gt;LayerNorm&lt;/b&gt; em cada linha, ε = {0}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="106"/>
        <source>&lt;b&gt;× W_projᵀ + b&lt;/b&gt;: embeddings_project widens each row from {0} to {1}.</source>
        <translation>&lt;b&gt;× W_projᵀ + b&lt;/b&gt;: embeddings_project alarga cada linha de {0} para {1}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="109"/>
        <source>&lt;b&gt;× √{0}&lt;/b&gt; = {1}, rounded to the table&apos;s {2} as the model does.</source>
        <translation>&lt;b&gt;× √{0}&lt;/b&gt; = {1}, arredondado para o {2} da tabela, como o modelo faz.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="111"/>
        <source>The rows now enter the first block: that is X_model.</source>
        <translation>As linhas então entram no primeiro bloco: isso é o X_model.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="116"/>
        <source>In the {0} layers ({1} of them): {2}</source>
        <translation>Nas camadas {0} ({1} delas): {2}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="119"/>
        <source>In every attention layer: {0}</source>
        <translation>Em toda camada de atenção: {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="120"/>
        <source>The lesson&apos;s &lt;i&gt;RoPE&lt;/i&gt; scheme: nothing is added to X.</source>
        <translation>O esquema &lt;i&gt;RoPE&lt;/i&gt; da lição: nada é somado a X.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="124"/>
        <source>In attention: &lt;b&gt;ALiBi&lt;/b&gt;, each of the {0} heads adds −m·(distance) to its scores, slopes m = {1}{2}. The lesson&apos;s &lt;i&gt;ALiBi&lt;/i&gt; scheme: nothing is added to X.</source>
        <translation>Na atenção: &lt;b&gt;ALiBi&lt;/b&gt;, cada uma das {0} cabeças soma −m·(distância) aos seus scores, inclinações m = {1}{2}. O esquema &lt;i&gt;ALiBi&lt;/i&gt; da lição: nada é somado a X.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="128"/>
        <source>In attention: &lt;b&gt;no position at all&lt;/b&gt;; order reaches the model only through the causal mask. The lesson&apos;s &lt;i&gt;none&lt;/i&gt; scheme.</source>
        <translation>Na atenção: &lt;b&gt;nenhuma posição&lt;/b&gt;; a ordem chega ao modelo só pela máscara causal. O esquema &lt;i&gt;nenhum&lt;/i&gt; da lição.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="136"/>
        <source>pairs (j, j + {0}), the halves of the rotated part</source>
        <translation>pares (j, j + {0}), as metades da parte girada</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="138"/>
        <source>pairs (2i, 2i + 1), neighbours</source>
        <translation>pares (2i, 2i + 1), vizinhas</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="139"/>
        <source>no scaling</source>
        <translation>sem escala</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="139"/>
        <source>{0} scaling, factor {1}</source>
        <translation>escala {0}, fator {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="142"/>
        <source>&lt;b&gt;RoPE&lt;/b&gt; turns q and k on dimensions {0}–{1} of each head of {2}, {3}; θ_i = {4}^(−2i/{5}), {6}; attention factor {7}.</source>
        <translation>&lt;b&gt;RoPE&lt;/b&gt; gira q e k nas dimensões {0}–{1} de cada cabeça de {2}, {3}; θ_i = {4}^(−2i/{5}), {6}; fator de atenção {7}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="148"/>
        <source>global (full attention)</source>
        <translation>globais (atenção completa)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/recipe.py" line="149"/>
        <source>local (sliding window)</source>
        <translation>locais (janela deslizante)</translation>
    </message>
</context>
<context>
    <name>RealPositions</name>
    <message>
        <location filename="../../visualizer/real/positions.py" line="250"/>
        <source>Learned P: {0} × {1}</source>
        <translation>P aprendida: {0} × {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="251"/>
        <source>cos(Pₛ, Pₜ)</source>
        <translation>cos(Pₛ, Pₜ)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="252"/>
        <source>sinusoidal, same size</source>
        <translation>senoidal, mesmo tamanho</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="253"/>
        <source>Principal components</source>
        <translation>Componentes principais</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="254"/>
        <source>Singular values</source>
        <translation>Valores singulares</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="256"/>
        <source>A bright diagonal band: neighbouring positions have similar rows. The first principal components explain {0} of P&apos;s variance.</source>
        <translation>Uma faixa clara na diagonal: posições vizinhas têm linhas parecidas. As primeiras componentes principais explicam {0} da variância de P.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="263"/>
        <source>θ_i per pair, per layer type</source>
        <translation>θ_i por par, por tipo de camada</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="267"/>
        <source>θ_i per pair (base {0}, {1})</source>
        <translation>θ_i por par (base {0}, {1})</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="268"/>
        <source>no scaling</source>
        <translation>sem escala</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="270"/>
        <source>pairs (j, j + {0})</source>
        <translation>pares (j, j + {0})</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="271"/>
        <source>pairs (2i, 2i + 1)</source>
        <translation>pares (2i, 2i + 1)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="272"/>
        <source>RoPE adds nothing to X: in attention, q and k turn by (t − 1)·θ_i on dimensions {0}–{1} of {2}, {3}.</source>
        <translation>A RoPE não soma nada a X: na atenção, q e k giram de (t − 1)·θ_i nas dimensões {0}–{1} de {2}, {3}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="277"/>
        <source>ALiBi slope m of each head</source>
        <translation>Inclinação m do ALiBi de cada cabeça</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="278"/>
        <source>Bias −m·(i − j) of head {0}, m = {1}</source>
        <translation>Viés −m·(i − j) da cabeça {0}, m = {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="280"/>
        <source>Head</source>
        <translation>Cabeça</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="281"/>
        <source>ALiBi adds nothing to X: each head subtracts m·(distance) from its attention scores; the future (j &gt; i) is masked.</source>
        <translation>O ALiBi não soma nada a X: cada cabeça subtrai m·(distância) dos seus scores de atenção; o futuro (j &gt; i) fica mascarado.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="287"/>
        <source>global layers</source>
        <translation>camadas globais</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="288"/>
        <source>local (sliding) layers</source>
        <translation>camadas locais (deslizantes)</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="296"/>
        <source>Pair {0}: θ = {1} rad per position</source>
        <translation>Par {0}: θ = {1} rad por posição</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="299"/>
        <source>One clock per pair i, one hand per token; point at a clock to read its i and θ_i.</source>
        <translation>Um relógio por par i, um ponteiro por token; aponte para um relógio para ler o seu i e θ_i.</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/positions.py" line="284"/>
        <source>This model adds no position to X.</source>
        <translation>Este modelo não soma posição a X.</translation>
    </message>
</context>
<context>
    <name>RealRareRows</name>
    <message>
        <location filename="../../visualizer/real/rare_rows.py" line="86"/>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/rare_rows.py" line="86"/>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/rare_rows.py" line="86"/>
        <location filename="../../visualizer/real/rare_rows.py" line="88"/>
        <source>‖E[i]‖</source>
        <translation>‖E[i]‖</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/rare_rows.py" line="87"/>
        <source>How many rows have each norm</source>
        <translation>Quantas linhas têm cada norma</translation>
    </message>
    <message>
        <location filename="../../visualizer/real/rare_rows.py" line="94"/>
        <source>The {0} rows of E with the smallest norm. A row moves only when its token is in a batch: a rare token learns slowly, one never seen keeps its initial row (under-trained tokens).</source>
        <translation>As {0} linhas de E com a menor norma. Uma linha só se move quando seu token está no batch: token raro aprende devagar, e um que nunca apareceu fica com a linha inicial (tokens subtreinados).</translation>
    </message>
</context>
<context>
    <name>RealScalePanel</name>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="272"/>
        <source>Measuring… the dense one-hot product may take a few seconds.</source>
        <translation>Medindo… o produto denso com a matriz one-hot pode levar alguns segundos.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="285"/>
        <source>Rows that got a gradient: {0} of {1}.   Timed just now on this computer (each run differs): sparse (sort, then sum each id&apos;s rows) {2}&#xa0;ms, dense (one-hot product) {3}&#xa0;ms, {4}× slower.   Same numbers: {5}.</source>
        <translation>Linhas que receberam gradiente: {0} de {1}.   Medido agora neste computador (cada execução difere): esparso (ordenar e somar as linhas de cada id) {2}&#xa0;ms, denso (produto com a matriz one-hot) {3}&#xa0;ms, {4}× mais lento.   Mesmos números: {5}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="291"/>
        <source>yes</source>
        <translation>sim</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="291"/>
        <source>NO</source>
        <translation>NÃO</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="293"/>
        <source>The answer, from this run: only the {0} rows whose ids occur in the batch of {1} tokens get a gradient (never more than {1} of {2}; fewer, because frequent tokens repeat). Every other row gets exactly 0 (largest value found: {3}).</source>
        <translation>A resposta, por esta medição: só as {0} linhas dos ids que aparecem no batch de {1} tokens recebem gradiente (nunca mais de {1} de {2}; menos, porque tokens frequentes se repetem). Todas as outras recebem exatamente 0 (maior valor encontrado: {3}).</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="275"/>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="267"/>
        <source>Predict first: the lesson&apos;s Reveal measures this batch.</source>
        <translation>Preveja primeiro: o botão Revelar da lição mede este batch.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="329"/>
        <source>sparse: {0} rows × {1} = {2} MB</source>
        <translation>esparso: {0} linhas × {1} = {2} MB</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="331"/>
        <source>Memory, float32: sparse gradient {0} MB ({1} rows × {2}) · dense gradient {3} MB (V × d) + its one-hot matrix {4} MB (batch × V).</source>
        <translation>Memória, float32: gradiente esparso {0} MB ({1} linhas × {2}) · gradiente denso {3} MB (V × d) + a sua matriz one-hot {4} MB (batch × V).</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="337"/>
        <source>sparse: ? rows × {0}, counted by Measure</source>
        <translation>esparso: ? linhas × {0}, contadas por Medir</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="338"/>
        <source>Memory, float32: sparse gradient ? rows × {0}, counted by Measure · dense gradient {1} MB (V × d) + its one-hot matrix {2} MB (batch × V).</source>
        <translation>Memória, float32: gradiente esparso ? linhas × {0}, contadas por Medir · gradiente denso {1} MB (V × d) + a sua matriz one-hot {2} MB (batch × V).</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="342"/>
        <source>Memory of the gradient, float32 (bars to one scale)</source>
        <translation>Memória do gradiente, float32 (barras na mesma escala)</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="344"/>
        <source>dense: V × d = {0} × {1} = {2} MB</source>
        <translation>denso: V × d = {0} × {1} = {2} MB</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="346"/>
        <source>its one-hot matrix: batch × V = {0} × {1} = {2} MB</source>
        <translation>a sua matriz one-hot: batch × V = {0} × {1} = {2} MB</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="363"/>
        <source>Real scale (GPT-2 small by default), float32, Zipf s = 1</source>
        <translation>Escala real (GPT-2 small por padrão), float32, Zipf s = 1</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="364"/>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="364"/>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="364"/>
        <source>batch</source>
        <translation>batch</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="366"/>
        <source>Measure</source>
        <translation>Medir</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/real_scale.py" line="367"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>RealTokenStrip</name>
    <message>
        <location filename="../../visualizer/real/token_strip.py" line="56"/>
        <source>Beyond the trained length: this model has no position {0}</source>
        <translation>Além do comprimento treinado: este modelo não tem a posição {0}</translation>
    </message>
</context>
<context>
    <name>RestoreBar</name>
    <message>
        <location filename="../../visualizer/shell/restore_bar.py" line="41"/>
        <source>The app did not close normally last time. Restore the work it saved automatically?</source>
        <translation>O app não fechou normalmente da última vez. Restaurar o trabalho que ele salvou sozinho?</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/restore_bar.py" line="43"/>
        <source>Restore</source>
        <translation>Restaurar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/restore_bar.py" line="44"/>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
</context>
<context>
    <name>RopeClock</name>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="198"/>
        <source>the lesson&apos;s example: one pair, θ = {0}
wavelength 2π/θ = {1} positions</source>
        <translation>o exemplo da aula: um par, θ = {0}
comprimento de onda 2π/θ = {1} posições</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="200"/>
        <source>pair {0} (d{1}, d{2}): θ = {3}
wavelength 2π/θ = {4} positions</source>
        <translation>par {0} (d{1}, d{2}): θ = {3}
comprimento de onda 2π/θ = {4} posições</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="262"/>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="262"/>
        <source>Play</source>
        <translation>Reproduzir</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="433"/>
        <source>shift s = {0}</source>
        <translation>deslocamento s = {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="401"/>
        <source>q at position {0}, k at position {1}: angle (m − n)·θ = {2} rad; score = cos({2}) = {3}</source>
        <translation>q na posição {0}, k na posição {1}: ângulo (m − n)·θ = {2} rad; score = cos({2}) = {3}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="406"/>
        <source>The lesson&apos;s example: one pair, θ = 0.5, q = k = [1, 0]. Try (3, 1), then shift both by 7 to (10, 8): same score. (4, 1) is one step further apart.</source>
        <translation>O exemplo da aula: um par, θ = 0,5, q = k = [1; 0]. Tente (3, 1) e depois desloque os dois em 7 até (10, 8): mesmo score. (4, 1) está um passo mais longe.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="442"/>
        <source>positions m = {0}, n = {1} (distance {2}); angle between hands per pair: {3}°; score ⟨R_m q, R_n k⟩ = {4}</source>
        <translation>posições m = {0}, n = {1} (distância {2}); ângulo entre os ponteiros em cada par: {3}°; score ⟨R_m q, R_n k⟩ = {4}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="411"/>
        <source>Every hand turns by (t − 1 + s)·θ_i. Sweep s: all hands turn, the angles between them, and the score, stay put.</source>
        <translation>Cada ponteiro gira (t − 1 + s)·θ_i. Varie s: todos os ponteiros giram, mas os ângulos entre eles, e o score, ficam iguais.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="414"/>
        <source>The score here is the plain dot product; the attention view divides it by √d = {0}.</source>
        <translation>Aqui o score é o produto escalar puro; a visão de atenção o divide por √d = {0}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/rope_clock.py" line="418"/>
        <source>(The sequence uses another scheme; this shows what RoPE would do with it.)</source>
        <translation>(A sequência usa outro esquema; aqui se vê o que a RoPE faria com ela.)</translation>
    </message>
</context>
<context>
    <name>SchemeComparison</name>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="95"/>
        <source>query {0}: its score with each key, under each scheme</source>
        <translation>query {0}: o seu score com cada key, em cada esquema</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="125"/>
        <source>One head, q = k = x, scores q·k/√d, under each of the five schemes; below, one query&apos;s scores under each.</source>
        <translation>Uma cabeça, q = k = x, scores q·k/√d, em cada um dos cinco esquemas; abaixo, os scores de uma query em cada um.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="128"/>
        <source>One head, q = k = x, scores q·k/√d, on the same sequence under each scheme.</source>
        <translation>Uma cabeça, q = k = x, scores q·k/√d, na mesma sequência em cada esquema.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="130"/>
        <source>The causal mask is on: blank cells are hidden.</source>
        <translation>A máscara causal está ligada: as células em branco estão ocultas.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="135"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="135"/>
        <source>learned</source>
        <translation>aprendida</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="135"/>
        <source>sinusoidal</source>
        <translation>senoidal</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="136"/>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="136"/>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="154"/>
        <source>Hover a cell to compare the five scores.</source>
        <translation>Passe o mouse numa célula para comparar os cinco scores.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_comparison.py" line="158"/>
        <source>query {0} → key {1}:   {2}</source>
        <translation>query {0} → key {1}:   {2}</translation>
    </message>
</context>
<context>
    <name>SchemeSelector</name>
    <message>
        <location filename="../../visualizer/io/scheme_names.py" line="14"/>
        <source>None</source>
        <translation>Nenhuma</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/scheme_names.py" line="15"/>
        <source>Learned</source>
        <translation>Aprendida</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/scheme_names.py" line="16"/>
        <source>Sinusoidal</source>
        <translation>Senoidal</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/scheme_names.py" line="17"/>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <location filename="../../visualizer/io/scheme_names.py" line="18"/>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="61"/>
        <location filename="../../visualizer/toy/scheme_selector.py" line="76"/>
        <source>NoPE: causality alone carries order. More and more common in hybrid and long-context stacks.</source>
        <translation>NoPE: só a causalidade carrega a ordem. Cada vez mais comum em arquiteturas híbridas e de contexto longo.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="63"/>
        <location filename="../../visualizer/toy/scheme_selector.py" line="78"/>
        <source>Historical (BERT, GPT-2). Cannot go past the trained length at all.</source>
        <translation>Histórica (BERT, GPT-2). Não passa do comprimento treinado de jeito nenhum.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="65"/>
        <location filename="../../visualizer/toy/scheme_selector.py" line="80"/>
        <source>Historical (2017). Extrapolates badly.</source>
        <translation>Histórica (2017). Extrapola mal.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="66"/>
        <location filename="../../visualizer/toy/scheme_selector.py" line="81"/>
        <source>Universal: Llama, Qwen, Mistral, Gemma, DeepSeek.</source>
        <translation>Universal: Llama, Qwen, Mistral, Gemma, DeepSeek.</translation>
    </message>
    <message>
        <location filename="../../visualizer/handout/content.py" line="67"/>
        <location filename="../../visualizer/toy/scheme_selector.py" line="82"/>
        <source>Extrapolates well; largely superseded.</source>
        <translation>Extrapola bem; em grande parte superada.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_selector.py" line="88"/>
        <source>xₜ = E[iₜ] + Pₜ: row t of a trained table is added at position t, counted from 1 ({0} positions in the toy).</source>
        <translation>xₜ = E[iₜ] + Pₜ: a linha t de uma tabela treinada é somada na posição t, contada a partir de 1 ({0} posições no modelo de exemplo).</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_selector.py" line="91"/>
        <source>xₜ = E[iₜ] + PE(t − 1): a computed sin/cos vector is added (its formula counts from 0).</source>
        <translation>xₜ = E[iₜ] + PE(t − 1): soma-se um vetor de sen/cos calculado (a fórmula conta a partir de 0).</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_selector.py" line="94"/>
        <source>Nothing is added to X. Position enters inside attention: q and k are rotated, so scores depend only on distance.</source>
        <translation>Nada é somado a X. A posição entra na atenção: q e k giram, e os scores dependem só da distância.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_selector.py" line="97"/>
        <source>Nothing is added to X. Position enters inside attention: −slope × distance is added to each score.</source>
        <translation>Nada é somado a X. A posição entra na atenção: soma-se −inclinação × distância a cada score.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_selector.py" line="99"/>
        <source>Nothing is added to X, and position enters nowhere else: only the causal mask tells tokens apart by order.</source>
        <translation>Nada é somado a X, e a posição não entra em lugar nenhum: só a máscara causal distingue os tokens pela ordem.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/scheme_selector.py" line="140"/>
        <location filename="../../visualizer/toy/scheme_selector.py" line="158"/>
        <source>Position scheme</source>
        <translation>Esquema de posição</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <location filename="../../visualizer/keys.py" line="97"/>
        <source>Presenting (a clicker sends these keys)</source>
        <translation>Apresentando (o passador de slides envia estas teclas)</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="98"/>
        <source>Guided lesson</source>
        <translation>Aula guiada</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="99"/>
        <source>Editing the sentence and E</source>
        <translation>Editando a frase e E</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="100"/>
        <source>Files</source>
        <translation>Arquivos</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="101"/>
        <source>Zoom and help</source>
        <translation>Zoom e ajuda</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="104"/>
        <source>Start or stop presentation mode</source>
        <translation>Entrar ou sair do modo de apresentação</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="106"/>
        <source>Next lesson step (arrows while presenting)</source>
        <translation>Próxima etapa da aula (setas ao apresentar)</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="108"/>
        <source>Previous lesson step (arrows while presenting)</source>
        <translation>Etapa anterior da aula (setas ao apresentar)</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="109"/>
        <source>Black out the screen, or bring it back</source>
        <translation>Escurecer a tela, ou trazê-la de volta</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="110"/>
        <source>Play or pause the animation in front</source>
        <translation>Tocar ou pausar a animação em primeiro plano</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="111"/>
        <source>Leave presentation mode</source>
        <translation>Sair do modo de apresentação</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="112"/>
        <source>Show or hide the guided lesson</source>
        <translation>Mostrar ou esconder a aula guiada</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="113"/>
        <source>Build X step by step</source>
        <translation>Montar X passo a passo</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="114"/>
        <source>Ask the class: phones answer each check-yourself question (press again to close the poll)</source>
        <translation>Perguntar à turma: os celulares respondem cada pergunta “Verifique” (de novo: fecha a votação)</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="116"/>
        <source>Ask the class again, after a discussion (answers kept)</source>
        <translation>Perguntar à turma de novo, depois de uma discussão (respostas mantidas)</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="118"/>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="119"/>
        <source>Redo</source>
        <translation>Refazer</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="120"/>
        <source>Remove the selected token from the strip</source>
        <translation>Tirar o token selecionado da faixa</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="121"/>
        <source>Move the selected token left or right</source>
        <translation>Mover o token selecionado para a esquerda ou a direita</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="124"/>
        <source>Add the selected vocabulary token after the selected one</source>
        <translation>Inserir o token selecionado do vocabulário depois do token selecionado</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="125"/>
        <source>Copy the view in front as an image</source>
        <translation>Copiar a visualização em primeiro plano como imagem</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="126"/>
        <source>Open a session</source>
        <translation>Abrir uma sessão</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="127"/>
        <source>Save the session</source>
        <translation>Salvar a sessão</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="128"/>
        <source>Save the session under a new name</source>
        <translation>Salvar a sessão com outro nome</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="129"/>
        <source>Export X (image or data)</source>
        <translation>Exportar X (imagem ou dados)</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="130"/>
        <source>Export the handout (PDF, to print)</source>
        <translation>Exportar o material da aula (PDF, para imprimir)</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="131"/>
        <source>Larger or smaller type</source>
        <translation>Letra maior ou menor</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="132"/>
        <source>Type back to its normal size</source>
        <translation>Letra de volta ao tamanho normal</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="133"/>
        <source>This list of keyboard shortcuts</source>
        <translation>Esta lista de atalhos de teclado</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="146"/>
        <source>Page Down</source>
        <translation>Avançar Página</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="147"/>
        <source>Page Up</source>
        <translation>Voltar Página</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="148"/>
        <source>Right arrow</source>
        <translation>Seta para a direita</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="149"/>
        <source>Left arrow</source>
        <translation>Seta para a esquerda</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="150"/>
        <source>Space</source>
        <translation>Espaço</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="151"/>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="152"/>
        <source>Insert</source>
        <translation>Insert</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="153"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../../visualizer/keys.py" line="155"/>
        <source>{0} or {1}</source>
        <translation>{0} ou {1}</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../visualizer/shell/shortcuts_dialog.py" line="56"/>
        <source>Keyboard shortcuts</source>
        <translation>Atalhos de teclado</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/shortcuts_dialog.py" line="58"/>
        <source>&amp;Print…</source>
        <translation>&amp;Imprimir…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/shortcuts_dialog.py" line="59"/>
        <source>Save as &amp;PDF…</source>
        <translation>Salvar como &amp;PDF…</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/shortcuts_dialog.py" line="63"/>
        <source>Embeddings visualizer: keyboard shortcuts</source>
        <translation>Visualizador de embeddings: atalhos de teclado</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/shortcuts_dialog.py" line="71"/>
        <source>Save the shortcuts as PDF</source>
        <translation>Salvar os atalhos em PDF</translation>
    </message>
</context>
<context>
    <name>StepForm</name>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="164"/>
        <source>Not a question: a step to look at</source>
        <translation>Não é pergunta: um passo para olhar</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="165"/>
        <source>Question</source>
        <translation>Pergunta</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="166"/>
        <source>Show its answer here</source>
        <translation>Mostrar a resposta aqui</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="167"/>
        <source>The right choice and the answer, before the class sees them revealed</source>
        <translation>A alternativa certa e a resposta, antes de a turma vê-las reveladas</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="177"/>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="179"/>
        <source>Caption (may name live values: {ids}, {x1}, {V}, …)</source>
        <translation>Legenda (pode citar valores ao vivo: {ids}, {x1}, {V}, …)</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="181"/>
        <source>What the class is asked</source>
        <translation>O que se pergunta à turma</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="183"/>
        <source>Choice {0}</source>
        <translation>Alternativa {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="184"/>
        <source>The answer when the outcome is “{0}”</source>
        <translation>A resposta quando o resultado é “{0}”</translation>
    </message>
    <message>
        <location filename="../../visualizer/authoring/step_form.py" line="193"/>
        <source>Not written in {0}: the class sees the {1} text, “{2}”</source>
        <translation>Não escrito em {0}: a turma vê o texto em {1}, “{2}”</translation>
    </message>
</context>
<context>
    <name>TableScale</name>
    <message>
        <location filename="../../visualizer/lab/table_scale.py" line="58"/>
        <source>GPT-2 small, E: {0} × {1} = {2} ≈ {3} million</source>
        <translation>GPT-2 small, E: {0} × {1} = {2} ≈ {3} milhões</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/table_scale.py" line="61"/>
        <source>that is {0}% of the whole model&apos;s {1} million (grey: the rest)</source>
        <translation>isto é {0}% dos {1} milhões do modelo inteiro (cinza: o resto)</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/table_scale.py" line="63"/>
        <source>Llama 3 class, E: {0} × {1} = {2} ≈ {3} million</source>
        <translation>porte do Llama 3, E: {0} × {1} = {2} ≈ {3} milhões</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/table_scale.py" line="67"/>
        <source>untied: E plus an output layer of the same size, {0} ≈ {1} billion</source>
        <translation>separadas: E e uma camada de saída do mesmo tamanho, {0} ≈ {1} bilhão</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/table_scale.py" line="70"/>
        <source>tied: the output layer reuses E, one table: {0} ≈ {1} million</source>
        <translation>amarradas: a saída reaproveita E, uma só tabela: {0} ≈ {1} milhões</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/table_scale.py" line="72"/>
        <source>The toy&apos;s E: {0} × {1} = {2} numbers.</source>
        <translation>O E do exemplo: {0} × {1} = {2} números.</translation>
    </message>
    <message>
        <location filename="../../visualizer/lab/table_scale.py" line="78"/>
        <source>How many numbers E holds (bars to one scale)</source>
        <translation>Quantos números E guarda (barras na mesma escala)</translation>
    </message>
</context>
<context>
    <name>TextInput</name>
    <message>
        <location filename="../../visualizer/toy/text_input.py" line="63"/>
        <source>Text:</source>
        <translation>Texto:</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/text_input.py" line="64"/>
        <source>Tokenize</source>
        <translation>Tokenizar</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/text_input.py" line="65"/>
        <source>Type a sentence made of the vocabulary&apos;s tokens</source>
        <translation>Digite uma frase feita com os tokens do vocabulário</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/text_input.py" line="77"/>
        <source>{0} tokens is more than this app shows ({1} at most)</source>
        <translation>{0} tokens são mais do que o app mostra ({1} no máximo)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/text_input.py" line="98"/>
        <source>{0} tokens: ids {1}</source>
        <translation>{0} tokens: ids {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/text_input.py" line="100"/>
        <source>{0} tokens: ids {1}. Press Enter to use them.</source>
        <translation>{0} tokens: ids {1}. Aperte Enter para usá-los.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/text_input.py" line="105"/>
        <source>No token of the vocabulary matches “{0}” at character {1}. The strip keeps the last sentence that worked.</source>
        <translation>Nenhum token do vocabulário casa com “{0}” no caractere {1}. A faixa mantém a última frase que deu certo.</translation>
    </message>
</context>
<context>
    <name>TokenStrip</name>
    <message>
        <location filename="../../visualizer/toy/token_strip.py" line="212"/>
        <source>No tokens. Type a sentence above, or drag a row of the vocabulary here.</source>
        <translation>Nenhum token. Digite uma frase acima ou arraste para cá uma linha do vocabulário.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/token_strip.py" line="245"/>
        <source>Select a token first, then press Delete.</source>
        <translation>Selecione um token primeiro e depois aperte Delete.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/token_strip.py" line="254"/>
        <source>Select a token first, then press Alt+arrow to move it.</source>
        <translation>Selecione um token primeiro e depois aperte Alt+seta para movê-lo.</translation>
    </message>
</context>
<context>
    <name>TokenStripModel</name>
    <message>
        <location filename="../../visualizer/toy/token_strip_model.py" line="91"/>
        <source>position {0} · id {1}</source>
        <translation>posição {0} · id {1}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/token_strip_model.py" line="154"/>
        <source>{0} tokens is more than this app shows ({1} at most)</source>
        <translation>{0} tokens são mais do que o app mostra ({1} no máximo)</translation>
    </message>
</context>
<context>
    <name>UndoActions</name>
    <message>
        <location filename="../../visualizer/shell/undo_actions.py" line="97"/>
        <source>&amp;Undo {0}</source>
        <translation>&amp;Desfazer {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo_actions.py" line="97"/>
        <source>&amp;Undo</source>
        <translation>&amp;Desfazer</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo_actions.py" line="98"/>
        <source>&amp;Redo {0}</source>
        <translation>&amp;Refazer {0}</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/undo_actions.py" line="98"/>
        <source>&amp;Redo</source>
        <translation>&amp;Refazer</translation>
    </message>
</context>
<context>
    <name>ViewTabs</name>
    <message>
        <location filename="../../visualizer/shell/view_tabs.py" line="93"/>
        <source>Build X</source>
        <translation>Montar X</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/view_tabs.py" line="96"/>
        <source>Table E</source>
        <translation>Tabela E</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/view_tabs.py" line="98"/>
        <source>RoPE clock</source>
        <translation>Relógio RoPE</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/view_tabs.py" line="100"/>
        <source>Attention</source>
        <translation>Atenção</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/view_tabs.py" line="102"/>
        <source>Compare schemes</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/view_tabs.py" line="105"/>
        <source>Gradient lab</source>
        <translation>Gradiente</translation>
    </message>
    <message>
        <location filename="../../visualizer/shell/view_tabs.py" line="108"/>
        <source>How big E gets</source>
        <translation>O tamanho de E</translation>
    </message>
</context>
<context>
    <name>VocabularyTable</name>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table.py" line="91"/>
        <source>Vocabulary and E (V = {0}, d = {1}); the toy values are hand-picked, not trained</source>
        <translation>Vocabulário e E (V = {0}, d = {1}); os valores do exemplo foram escolhidos à mão, não treinados</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table.py" line="94"/>
        <source>Double-click a value to edit it. Drag a row onto the strip, or press Insert, to add that token.</source>
        <translation>Clique duas vezes num valor para editá-lo. Arraste uma linha para a faixa, ou aperte Insert, para acrescentar esse token.</translation>
    </message>
</context>
<context>
    <name>VocabularyTableModel</name>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="122"/>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="124"/>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="126"/>
        <source>at</source>
        <translation>em</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="180"/>
        <source>an empty cell is not a number</source>
        <translation>uma célula vazia não é um número</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="181"/>
        <source>&apos;{0}&apos; is not a finite number</source>
        <translation>&apos;{0}&apos; não é um número finito</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="182"/>
        <source>&apos;{0}&apos; is not a number</source>
        <translation>&apos;{0}&apos; não é um número</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="183"/>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="185"/>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="187"/>
        <source>E[{0}, {1}] kept its value: {2}</source>
        <translation>E[{0}, {1}] manteve o valor: {2}</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="210"/>
        <source>&apos;{0}&apos; has a comma: in English, type 1.5 for one and a half and 1500 for fifteen hundred</source>
        <translation>&apos;{0}&apos; tem uma vírgula: em inglês, digite 1.5 para um e meio e 1500 para mil e quinhentos</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/vocabulary_table_model.py" line="213"/>
        <source>&apos;{0}&apos; is ambiguous in English: {1} or {2}? Type it without a comma</source>
        <translation>&apos;{0}&apos; é ambíguo em inglês: {1} ou {2}? Digite sem a vírgula</translation>
    </message>
</context>
<context>
    <name>XPanel</name>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="161"/>
        <location filename="../../visualizer/toy/x_panel.py" line="367"/>
        <source>Stop building</source>
        <translation>Parar a montagem</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="162"/>
        <location filename="../../visualizer/toy/x_panel.py" line="367"/>
        <source>Build X step by step</source>
        <translation>Montar X passo a passo</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="250"/>
        <location filename="../../visualizer/toy/x_panel.py" line="263"/>
        <source>E[ids]</source>
        <translation>E[ids]</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="259"/>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="256"/>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="197"/>
        <source>beyond the
trained length</source>
        <translation>além do
comprimento treinado</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="199"/>
        <location filename="../../visualizer/toy/x_panel.py" line="250"/>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="238"/>
        <source>xₜ = E[iₜ] + PE(s),  s = t − 1   (t counts from 1, s from 0)</source>
        <translation>xₜ = E[iₜ] + PE(s),  s = t − 1   (t conta a partir de 1, s a partir de 0)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="258"/>
        <source>PE(s)</source>
        <translation>PE(s)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="331"/>
        <source>RoPE rotates q and k
inside attention</source>
        <translation>a RoPE gira q e k
dentro da atenção</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="333"/>
        <source>ALiBi biases
the attention scores</source>
        <translation>o ALiBi desloca
os scores da atenção</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="334"/>
        <source>order comes only
from the causal mask</source>
        <translation>a ordem vem só
da máscara causal</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="349"/>
        <source>X has n × d = {0} × {1} numbers, one row per token.</source>
        <translation>X tem n × d = {0} × {1} números, uma linha por token.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="353"/>
        <source>Positions {0} have no row of P: the learned table stops at {1}.</source>
        <translation>As posições {0} não têm linha em P: a tabela aprendida para em {1}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="212"/>
        <location filename="../../visualizer/toy/x_panel.py" line="389"/>
        <source>Each id picks one row of E. No arithmetic, just a lookup.</source>
        <translation>Cada id pega uma linha de E. Nenhuma conta, só uma consulta.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="222"/>
        <source>sin</source>
        <translation>sen</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="222"/>
        <source>cos</source>
        <translation>cos</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="235"/>
        <source>xₜ = E[iₜ] + Pₜ   (learned positions, t = 1, 2, …)</source>
        <translation>xₜ = E[iₜ] + Pₜ   (posições aprendidas, t = 1, 2, …)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="239"/>
        <source>xₜ = E[iₜ]   (no vector is added to X)</source>
        <translation>xₜ = E[iₜ]   (nenhum vetor é somado a X)</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="263"/>
        <source>E</source>
        <translation>E</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="324"/>
        <source>{0} at {1}, before</source>
        <translation>{0} na {1}, antes</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="325"/>
        <source>{0} at {1}, now</source>
        <translation>{0} na {1}, agora</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="352"/>
        <source>Position {0} has no row of P: the learned table stops at {1}.</source>
        <translation>A posição {0} não tem linha em P: a tabela aprendida para em {1}.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="392"/>
        <source>Position {0}: id {1} ({2}) copies row {1} of E.</source>
        <translation>Posição {0}: o id {1} ({2}) copia a linha {1} de E.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="395"/>
        <source>Now the position vectors are added, one per position.</source>
        <translation>Agora os vetores de posição são somados, um por posição.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="397"/>
        <source>This scheme adds nothing here.</source>
        <translation>Este esquema não soma nada aqui.</translation>
    </message>
    <message>
        <location filename="../../visualizer/toy/x_panel.py" line="399"/>
        <source>Their sum is X: the matrix every later step reads.</source>
        <translation>A soma é X: a matriz que todos os passos seguintes leem.</translation>
    </message>
</context>
</TS>
