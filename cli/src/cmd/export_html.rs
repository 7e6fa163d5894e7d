//! `grognard export-html`: one self-contained HTML page that replays a match (a local game or
//! a journal file): the board at the end of every player turn, the story with every event,
//! each battle with its odds and shifts, each die with the values and seed behind it, the
//! scores over time, and what verification found. Everything is inline: no network, no
//! external script, font or image. Text from the journal is untrusted and HTML-escaped.

use crate::failure::{Failure, Result};
use crate::replayed::{self, Match};
use grognard_engine::{Score, TurnMark};
use serde_json::{json, Value};
use std::fmt::Write;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// A local game (a prefix of its id) or a journal file; the only local game when left out.
    target: Option<String>,
    /// The HTML file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// One player turn of the match: its steps, the turn they were made in, and where the game
/// stood after the last of them.
struct PlayerTurn {
    first: usize,
    last: usize,
    turn: Option<TurnMark>,
    board: Option<String>,
    scores: Vec<Score>,
}

pub fn run(args: Args, json: bool) -> Result<()> {
    super::show::check_replaceable(Some(&args.out), b"<", "an HTML page")?;
    let m = replayed::load(args.target.as_deref(), replayed::For::Everyone)?;
    if m.last() == 0 {
        return Err(Failure::new("empty", "the match has no step after its creation"));
    }
    let mut turns = player_turns(&m);
    let ends: Vec<usize> = turns.iter().map(|t| t.last).collect();
    let options = crate::picture::Choices::default();
    let mut i = 0;
    m.walk(&ends, |_, state| {
        if let Some(t) = turns.get_mut(i) {
            t.board = m.board_svg(state, &options)?;
            t.scores = m.ruleset.scores(state);
        }
        i += 1;
        Ok(())
    })?;
    let page = page(&m, &turns);
    grognard_journal::store::write_file_atomic(&args.out, page.as_bytes(), 0o644)
        .map_err(|e| Failure::new("file", format!("cannot write {}: {e}", args.out.display())))?;
    let boards = turns.iter().filter(|t| t.board.is_some()).count();
    super::emit(
        json,
        json!({"ok": true, "file": args.out, "bytes": page.len(), "steps": m.last(), "player_turns": turns.len(),
               "boards": boards}),
        || {
            format!(
                "Wrote {} ({} bytes): {} steps in {} player turns, {boards} boards.",
                crate::output::one_line(&args.out.display().to_string()),
                page.len(),
                m.last(),
                turns.len()
            )
        },
    )
}

/// The steps grouped by the player turn they were made in.
fn player_turns(m: &Match) -> Vec<PlayerTurn> {
    let mut out: Vec<PlayerTurn> = Vec::new();
    for k in 1..=m.last() {
        let turn = m.made_in(k);
        match out.last_mut() {
            Some(t) if t.turn.as_ref().map(|t| &t.player_turn) == turn.as_ref().map(|t| &t.player_turn) => t.last = k,
            _ => out.push(PlayerTurn { first: k, last: k, turn, board: None, scores: Vec::new() }),
        }
    }
    out
}

/// Text for HTML content and attribute values (the renderer's escaping, valid in HTML too).
fn esc(text: &str) -> String {
    grognard_render::escape(text)
}

/// `text` gzipped, in base64.
fn gzip_base64(text: &str) -> String {
    use base64::Engine;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing into a Vec cannot fail.
    let _ = std::io::Write::write_all(&mut gz, text.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(gz.finish().unwrap_or_default())
}

/// A JSON value as short text (strings without quotes).
fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "-".into(),
        other => other.to_string(),
    }
}

const STYLE: &str = "body{font-family:sans-serif;margin:1em;color:#222}header p{margin:.2em 0}\
nav{position:sticky;top:0;background:#fff;padding:.4em 0;border-bottom:1px solid #ccc}\
nav button{margin-right:.4em}#typed{font-weight:bold;margin-left:1em}\
#board svg{max-width:100%;height:auto;border:1px solid #ccc}\
.story li{margin:.15em 0}.event{color:#444;margin-left:1em;list-style:circle}\
table{border-collapse:collapse;margin:.3em 0 .3em 1em}td,th{border:1px solid #bbb;padding:.15em .4em;font-size:90%}\
.dice{font-family:monospace;font-size:85%;margin-left:1em;color:#333}.bad{color:#a00;font-weight:bold}";

const SCRIPT: &str = r#"(function(){
var turns=document.querySelectorAll('section.turn'),board=document.getElementById('board'),
typed=document.getElementById('typed'),now=document.getElementById('now'),at=0,buffer='';
function show(i){
  if(i<0||i>=turns.length)return;
  turns[at].hidden=true;at=i;turns[at].hidden=false;
  board.replaceChildren();
  var d=turns[at].querySelector('data.board');
  if(d)draw(d.getAttribute('value'),at);
  document.getElementById('where').textContent='Player turn '+(at+1)+' of '+turns.length+': '+turns[at].dataset.label;
  if(now){now.setAttribute('x1',now.dataset.x0*1+at*now.dataset.dx);now.setAttribute('x2',now.getAttribute('x1'));}
}
function draw(b64,i){
  var bin=atob(b64),bytes=new Uint8Array(bin.length);
  for(var k=0;k<bin.length;k++)bytes[k]=bin.charCodeAt(k);
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text().then(function(svg){
    if(i!==at)return;
    var doc=new DOMParser().parseFromString(svg,'image/svg+xml');
    board.replaceChildren(document.importNode(doc.documentElement,true));
  });
}
function gameTurn(g){
  for(var i=0;i<turns.length;i++){if(turns[i].dataset.turn===String(g)){show(i);return true;}}
  return false;
}
function fromHash(){var m=/^#turn-(\d+)$/.exec(location.hash);if(m)gameTurn(m[1]);}
function type(s){buffer=s;typed.textContent=s?'game turn '+s+'\u2026':'';}
document.addEventListener('keydown',function(e){
  if(e.ctrlKey||e.altKey||e.metaKey)return;
  if(e.key==='ArrowRight'){show(at+1);}
  else if(e.key==='ArrowLeft'){show(at-1);}
  else if(e.key==='Home'){show(0);}
  else if(e.key==='End'){show(turns.length-1);}
  else if(/^[0-9]$/.test(e.key)&&buffer.length<6){type(buffer+e.key);return;}
  else if(e.key==='Backspace'&&buffer){type(buffer.slice(0,-1));}
  else if(e.key==='Enter'&&buffer){var b=buffer;type('');if(!gameTurn(b*1))typed.textContent='no game turn '+b;e.preventDefault();return;}
  else if(e.key==='Escape'){type('');return;}
  else{return;}
  e.preventDefault();type('');
});
document.getElementById('prev').onclick=function(){show(at-1);};
document.getElementById('next').onclick=function(){show(at+1);};
window.addEventListener('hashchange',fromHash);
show(0);fromHash();
})();"#;

/// The whole page.
fn page(m: &Match, turns: &[PlayerTurn]) -> String {
    let info = m.ruleset.info();
    let title = format!("{}: game {}", info.name, m.short);
    let mut h = String::with_capacity(1 << 20);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; \
         script-src 'unsafe-inline'; img-src data:\"><title>{}</title><style>{STYLE}</style></head><body>\n",
        esc(&title)
    );
    let _ = write!(h, "<header><h1>{}</h1><p>Players: {}</p>", esc(&title), esc(&m.names.join(", ")));
    let v = &m.verdict;
    let _ = write!(
        h,
        "<p id=\"verified\">Verified: {} entries, every signature and link checked, every command through the \
         rules. {}{}</p>",
        v.entries,
        esc(&v.dice_text()),
        v.concealed_text().map(|c| format!(" {}", esc(&c))).unwrap_or_default()
    );
    if let Some(result) = &v.result {
        let _ = write!(h, "<p>Result: {}</p>", esc(result));
    }
    h.push_str(&chart(turns));
    h.push_str("</header>\n");
    h.push_str(
        "<nav><button id=\"prev\" type=\"button\">&larr; previous</button><button id=\"next\" type=\"button\">next \
         &rarr;</button><span id=\"where\"></span><span id=\"typed\"></span><br><small>Keys: &larr; &rarr; player \
         turns, Home, End, a game turn's number then Enter; links: #turn-5</small></nav>\n<div id=\"board\"></div>\n",
    );
    for (i, t) in turns.iter().enumerate() {
        section(&mut h, m, i, t);
    }
    let _ = write!(h, "<script>{SCRIPT}</script>\n</body></html>\n");
    h
}

/// One player turn: its label, scores, board (inert until shown) and story.
fn section(h: &mut String, m: &Match, i: usize, t: &PlayerTurn) {
    let label = t.turn.as_ref().map_or_else(|| "before the first turn".to_string(), |t| t.player_turn.clone());
    let game_turn = t.turn.as_ref().map(|t| t.game_turn.to_string()).unwrap_or_default();
    let _ = write!(
        h,
        "<section class=\"turn\" id=\"pt-{}\" data-turn=\"{game_turn}\" data-label=\"{}\"{}><h2>{}</h2>",
        i + 1,
        esc(&label),
        if i == 0 { "" } else { " hidden" },
        esc(&label)
    );
    if !t.scores.is_empty() {
        let s: Vec<String> = t.scores.iter().map(|s| format!("{} {}", esc(&s.side), s.value)).collect();
        let _ = write!(h, "<p class=\"vp\">After this player turn: {}</p>", s.join(", "));
    }
    if let Some(svg) = &t.board {
        // Gzipped and in base64, opened by the page when shown, so that one board at a time
        // is in the document (every board has the same ids). The renderer escapes every text
        // it draws.
        let _ = write!(h, "<data class=\"board\" value=\"{}\"></data>", gzip_base64(svg));
    }
    let _ = write!(h, "<ol class=\"story\" start=\"{}\">", t.first);
    for k in t.first..=t.last {
        step(h, m, k);
    }
    h.push_str("</ol></section>\n");
}

/// One step of the story: its line, events, battles and dice.
fn step(h: &mut String, m: &Match, k: usize) {
    let Some(item) = m.log.get(k) else { return };
    let _ = write!(h, "<li id=\"step-{k}\">{}", esc(&item.text));
    if !item.events.is_empty() {
        h.push_str("<ul>");
        for e in &item.events {
            let _ = write!(h, "<li class=\"event\">{}", esc(&e.text));
            if e.data.get("type").and_then(Value::as_str) == Some("battle") {
                battle(h, &e.data);
            }
            h.push_str("</li>");
        }
        h.push_str("</ul>");
    }
    if let Some(d) = m.dice_of(k) {
        let faces: Vec<String> = item.rolls.iter().map(|(s, f)| format!("d{s}={f}")).collect();
        let _ = write!(
            h,
            "<div class=\"dice\">dice: {} ({})<br>request {}",
            esc(&faces.join(" ")),
            esc(item.dice.as_deref().unwrap_or("")),
            esc(&plain(&d["request"]))
        );
        for r in d["reveals"].as_array().into_iter().flatten() {
            let _ = write!(h, "<br>{} revealed {}", esc(&plain(&r["name"])), esc(&plain(&r["value"])));
        }
        match d["seed"].as_str() {
            Some(seed) => {
                let _ = write!(h, "<br>seed {} (SHA-256 of the game, the request and the values)", esc(seed));
            }
            None => h.push_str("<br>no witness values: these dice have no proof of fairness"),
        }
        h.push_str("</div>");
    }
    h.push_str("</li>");
}

/// A battle's odds and shifts as its event carries them (engine/fnc/EVENTS.md).
fn battle(h: &mut String, d: &Value) {
    h.push_str("<table class=\"battle\"><tr><th>hex</th><th>attack</th><th>defense</th><th>%</th><th>column</th><th>shifts</th><th>final column</th><th>die</th><th>result</th></tr><tr>");
    let shifts: Vec<String> = d["shifts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| format!("{} ({})", plain(&s["columns"]), plain(&s["cause"])))
        .collect();
    let net = format!("net {}{}", plain(&d["net_shift"]), if d["clamped"] == json!(true) { ", clamped" } else { "" });
    for cell in [
        plain(&d["hex"]),
        plain(&d["attack_strength"]),
        plain(&d["defense_strength"]),
        plain(&d["percent"]),
        plain(&d["base_column"]),
        if shifts.is_empty() { net } else { format!("{}; {net}", shifts.join(", ")) },
        plain(&d["final_column"]),
        plain(&d["die"]),
        plain(&d["result"]),
    ] {
        let _ = write!(h, "<td>{}</td>", esc(&cell));
    }
    h.push_str("</tr></table>");
}

const COLOURS: [&str; 7] = ["#1f4e9c", "#b3261e", "#2e7d32", "#8e24aa", "#ef6c00", "#00838f", "#5d4037"];

/// The scores after every player turn as one polyline per side, with a marker the page
/// moves to the player turn shown.
fn chart(turns: &[PlayerTurn]) -> String {
    let Some(sides) = turns.iter().rev().find(|t| !t.scores.is_empty()).map(|t| t.scores.len()) else {
        return String::new();
    };
    let (w, hgt, pad) = (720.0_f64, 160.0_f64, 24.0_f64);
    let values = turns.iter().flat_map(|t| t.scores.iter().map(|s| s.value));
    let (lo, hi) = values.fold((0_i64, 1_i64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let dx = if turns.len() > 1 { (w - 2.0 * pad) / (turns.len() - 1) as f64 } else { 0.0 };
    let y = |v: i64| hgt - pad - (v - lo) as f64 * (hgt - 2.0 * pad) / (hi - lo) as f64;
    let mut s = format!(
        "<svg id=\"scores\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{hgt}\" viewBox=\"0 0 {w} {hgt}\" \
         role=\"img\"><title>Score after each player turn</title>\
         <line x1=\"{pad}\" y1=\"{y0:.1}\" x2=\"{x1}\" y2=\"{y0:.1}\" stroke=\"#999\"/>\
         <text x=\"2\" y=\"{ty:.1}\" font-size=\"10\">{hi}</text><text x=\"2\" y=\"{by:.1}\" font-size=\"10\">{lo}</text>",
        y0 = y(0),
        x1 = w - pad,
        ty = y(hi) + 4.0,
        by = y(lo),
    );
    for side in 0..sides {
        let points: Vec<String> = turns
            .iter()
            .enumerate()
            .filter_map(|(i, t)| t.scores.get(side).map(|sc| format!("{:.1},{:.1}", pad + i as f64 * dx, y(sc.value))))
            .collect();
        let name = turns.iter().rev().find_map(|t| t.scores.get(side)).map(|s| s.side.clone()).unwrap_or_default();
        let colour = COLOURS[side % COLOURS.len()];
        let _ = write!(
            s,
            "<polyline class=\"score\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"><title>{}</title></polyline>\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"{colour}\">{}</text>",
            points.join(" "),
            esc(&name),
            pad + 8.0 + side as f64 * 140.0,
            12.0,
            esc(&name)
        );
    }
    let _ = write!(
        s,
        "<line id=\"now\" data-x0=\"{pad}\" data-dx=\"{dx:.3}\" x1=\"{pad}\" y1=\"{pad}\" x2=\"{pad}\" y2=\"{}\" \
         stroke=\"#555\" stroke-dasharray=\"3 3\"/></svg>",
        hgt - pad
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn journal_text_is_escaped_for_html() {
        assert_eq!(
            esc("<script>alert('x')</script> & \"Ney\"\u{1b}[31m"),
            "&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &quot;Ney&quot;[31m"
        );
    }

    #[test]
    fn the_chart_has_one_line_per_side_and_escapes_their_names() {
        let turn = |a: i64, b: i64| PlayerTurn {
            first: 1,
            last: 1,
            turn: None,
            board: None,
            scores: vec![Score { side: "<b>Red</b>".into(), value: a }, Score { side: "Blue".into(), value: b }],
        };
        let svg = chart(&[turn(0, 3), turn(2, 5), turn(7, 4)]);
        assert_eq!(svg.matches("<polyline").count(), 2, "{svg}");
        assert!(svg.contains("&lt;b&gt;Red") && !svg.contains("<b>"), "{svg}");
        assert!(chart(&[]).is_empty());
    }
}
