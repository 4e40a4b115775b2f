/* ppn serve: the script of every page (docs/SERVE.md).
 *
 * The server sends a small HTML shell per page; this script reads document.body.dataset.page
 * and builds the page inside #main from the JSON API (on the game page it only fills
 * #game-extra). Rules of the page:
 *  - every value from the server is inserted as text (textContent, setAttribute), never as
 *    markup; the one exception is the scorekeeper state's `svg`, markup the server built and
 *    escaped itself, parsed with DOMParser into the dedicated #board container;
 *  - the page holds no rules: it shows the server's legal plays, filters them by the
 *    mini-moves clicked so far, and sends plays to the server, which judges them;
 *  - every API error is shown in a visible element.
 * Plain ES2017, no libraries, nothing loaded from outside.
 */
(function () {
  'use strict';

  const SVG_NS = 'http://www.w3.org/2000/svg';
  const COLOURS = ['green', 'red', 'blue', 'yellow'];

  // ---------------------------------------------------------------- DOM helpers

  // Sets the properties of a new element: `text` its text, `class` its class, `on<event>`
  // a listener, anything else an attribute (true: present and empty; null/false: absent).
  function setProps(node, props) {
    Object.keys(props || {}).forEach(function (k) {
      const v = props[k];
      if (v === null || v === undefined || v === false) return;
      if (k === 'text') node.textContent = String(v);
      else if (k.slice(0, 2) === 'on' && typeof v === 'function') node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : String(v));
    });
    return node;
  }

  // Appends children: nodes as they are, strings and numbers as text, arrays flattened.
  function append(node, children) {
    (Array.isArray(children) ? children : [children]).forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      if (Array.isArray(c)) append(node, c);
      else node.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
    });
    return node;
  }

  // An HTML element: el('a', {href: '/'}, 'Games').
  function el(tag, props, children) {
    return append(setProps(document.createElement(tag), props), children);
  }

  // An SVG element, built in the SVG namespace.
  function svgEl(tag, props, children) {
    return append(setProps(document.createElementNS(SVG_NS, tag), props), children);
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
    return node;
  }

  // A figure as text: null is a figure not observed.
  function fmt(v) {
    if (v === null || v === undefined) return '\u2014';
    if (typeof v === 'boolean') return v ? 'yes' : 'no';
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  }

  function fixed(v, digits) {
    return typeof v === 'number' ? v.toFixed(digits) : fmt(v);
  }

  function percent(v) {
    return typeof v === 'number' ? (v * 100).toFixed(1) + '%' : fmt(v);
  }

  function capital(s) {
    s = String(s || '');
    return s.charAt(0).toUpperCase() + s.slice(1);
  }

  function playerHref(name) { return '/player/' + encodeURIComponent(name); }
  function gameHref(id) { return '/game/' + encodeURIComponent(String(id)); }

  // A small coloured square naming a colour.
  function swatch(colour) {
    return el('span', {class: 'swatch colour-' + String(colour), title: String(colour)});
  }

  // A table: `head` a list of header cells (strings or nodes), `rows` lists of cells (strings,
  // numbers, null or nodes).
  function table(props, head, rows) {
    const tbody = el('tbody', null, rows.map(function (r) {
      return el('tr', null, r.map(function (c) {
        return el('td', null, c instanceof Node ? c : fmt(c));
      }));
    }));
    return el('table', props, [el('thead', null, el('tr', null, head.map(function (h) {
      return h instanceof Node ? h : el('th', {text: h});
    }))), tbody]);
  }

  // A link that downloads `text` as the file `name` (a Blob URL; the previous one is freed).
  function setDownload(a, text, name) {
    if (a.href && a.href.slice(0, 5) === 'blob:') URL.revokeObjectURL(a.href);
    a.setAttribute('href', URL.createObjectURL(new Blob([text], {type: 'text/plain;charset=utf-8'})));
    a.setAttribute('download', name);
  }

  // ---------------------------------------------------------------- the API

  // Requests in flight (and a bot move waiting to start): body[data-busy] is "1" while any is,
  // a hook for browser tests.
  let busyCount = 0;
  function busy(delta) {
    busyCount = Math.max(0, busyCount + delta);
    document.body.dataset.busy = busyCount > 0 ? '1' : '0';
  }

  // An API error: `info` is the JSON error object {status, code, message, citation?, ...}.
  class ApiError extends Error {
    constructor(info) {
      super(info.message);
      this.info = info;
    }
  }

  // Calls the API; answers the JSON body, or throws an ApiError (the server's, or one made up
  // for a network failure or a reply that is not JSON).
  async function api(method, path, body, headers) {
    busy(1);
    try {
      const init = {method: method, headers: Object.assign({Accept: 'application/json'}, headers || {})};
      if (body !== undefined) {
        init.headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
      let res;
      try {
        res = await fetch(path, init);
      } catch (e) {
        throw new ApiError({status: 0, code: 'E-NETWORK', message: 'the server cannot be reached (' + e.message + ')'});
      }
      const text = await res.text();
      let data = null;
      try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
      if (!res.ok) {
        const info = data && data.error && typeof data.error === 'object' ? data.error
          : {code: 'E-HTTP', message: (res.status + ' ' + res.statusText).trim()};
        if (info.status === undefined) info.status = res.status;
        throw new ApiError(info);
      }
      if (data === null) throw new ApiError({status: res.status, code: 'E-RESPONSE', message: 'the server\'s answer is not JSON'});
      return data;
    } finally {
      busy(-1);
    }
  }

  // A query string from an object; empty values are left out, arrays repeat the parameter.
  function query(params) {
    const q = new URLSearchParams();
    Object.keys(params).forEach(function (k) {
      [].concat(params[k]).forEach(function (v) {
        if (v !== null && v !== undefined && String(v) !== '') q.append(k, String(v));
      });
    });
    const s = q.toString();
    return s ? '?' + s : '';
  }

  // ---------------------------------------------------------------- errors

  // The (hidden) element errors are shown in.
  function errorBox(id) {
    return el('div', {id: id, class: 'error', role: 'alert', hidden: true});
  }

  // Shows an error in `box`: its code (and status), message, citation and the alternatives an
  // illegal play lists; anything thrown that is not an ApiError is shown as E-SCRIPT.
  function showError(box, e) {
    const info = e instanceof ApiError ? e.info : {code: 'E-SCRIPT', message: String(e && e.message || e)};
    clear(box);
    append(box, [
      el('span', {class: 'error-code', text: fmt(info.code)}),
      info.status ? el('span', {class: 'error-status', text: ' (' + info.status + ')'}) : null,
      ' ',
      el('span', {class: 'error-message', text: fmt(info.message)}),
      typeof info.roll === 'number' ? el('div', {class: 'error-roll', text: 'roll ' + info.roll}) : null,
      info.citation ? el('div', {class: 'error-citation', text: String(info.citation)}) : null,
      Array.isArray(info.alternatives) && info.alternatives.length
        ? el('div', {class: 'error-alternatives'}, ['legal: ', info.alternatives.map(String).join(' | ')]) : null
    ]);
    box.hidden = false;
  }

  function hideError(box) {
    clear(box);
    box.hidden = true;
  }

  // A message (not from the server) shown in the error box, e.g. a missing input.
  function showMessage(box, code, message) {
    showError(box, new ApiError({code: code, message: message}));
  }

  // ================================================================ the games list (/)

  const FILTERS = ['player', 'profile', 'event', 'date_from', 'date_to', 'result', 'status'];
  const SORTABLE = {id: 'ID', date: 'Date', event: 'Event', profile: 'Profile', rolls: 'Rolls'};
  // The rule profiles and the bots, as the server knows them (the shells carry them as JSON in
  // data-profiles and data-bots): [{name, ludo}], and the bots' names.
  const PROFILE_INFO = JSON.parse(document.body.dataset.profiles || '[]');
  const PROFILES = PROFILE_INFO.map(function (p) { return p.name; });
  const BOT_NAMES = JSON.parse(document.body.dataset.bots || '[]');

  function pageGames(main) {
    // The page's state lives in the URL query (filters, sort, order, page, per_page).
    const url = new URLSearchParams(location.search);
    const st = {};
    FILTERS.concat(['sort', 'order', 'per_page']).forEach(function (k) { st[k] = url.get(k) || ''; });
    st.page = Math.max(1, parseInt(url.get('page'), 10) || 1);

    function input(name, label, props) {
      return el('label', null, [label + ' ', el('input', Object.assign({name: name, value: st[name]}, props))]);
    }
    function select(name, label, options) {
      const s = el('select', {name: name}, options.map(function (o) {
        return el('option', {value: o[0], text: o[1]});
      }));
      s.value = st[name];
      return el('label', null, [label + ' ', s]);
    }
    const form = el('form', {id: 'filters', class: 'filters'}, [
      input('player', 'Player', {type: 'search', placeholder: 'name'}),
      input('profile', 'Profile', {type: 'search', list: 'profile-list'}),
      el('datalist', {id: 'profile-list'}, PROFILES.map(function (p) { return el('option', {value: p}); })),
      input('event', 'Event', {type: 'search'}),
      input('date_from', 'Date from', {placeholder: 'YYYY.MM.DD', size: 10}),
      input('date_to', 'to', {placeholder: 'YYYY.MM.DD', size: 10}),
      select('result', 'Result', [['', 'any'], ['finished', 'finished'], ['unfinished', 'unfinished'],
        ['green', 'green won'], ['red', 'red won'], ['blue', 'blue won'], ['yellow', 'yellow won']]),
      select('status', 'Status', [['', 'any'], ['legal', 'legal'], ['illegal', 'illegal']]),
      el('button', {type: 'submit', text: 'Filter'}),
      el('button', {type: 'reset', text: 'Clear'})
    ]);
    const err = errorBox('error');
    const total = el('span', {id: 'total', text: '\u2026'});
    const headCells = {};
    function th(key, label) {
      if (!SORTABLE[key]) return el('th', {text: label});
      headCells[key] = el('th', {class: 'sortable', 'data-sort': key, tabindex: '0', title: 'sort by ' + label.toLowerCase(),
        onclick: function () { sortBy(key); },
        onkeydown: function (ev) { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); sortBy(key); } }}, label);
      return headCells[key];
    }
    const tbody = el('tbody');
    const tableEl = el('table', {id: 'games-table', class: 'data'}, [
      el('thead', null, el('tr', null, [th('id', 'ID'), th('date', 'Date'), th('event', 'Event'), th('profile', 'Profile'),
        th('players', 'Players'), th('rolls', 'Rolls'), th('result', 'Result'), th('status', 'Status')])),
      tbody]);
    const prev = el('button', {id: 'prev-page', type: 'button', text: '\u25C0 previous', onclick: function () { go(st.page - 1); }});
    const next = el('button', {id: 'next-page', type: 'button', text: 'next \u25B6', onclick: function () { go(st.page + 1); }});
    const info = el('span', {id: 'page-info'});
    append(main, [el('h1', {text: 'Games'}), form, err, el('p', {class: 'summary'}, [total, ' games']), tableEl,
      el('nav', {class: 'pager'}, [prev, ' ', info, ' ', next])]);

    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      FILTERS.forEach(function (k) { st[k] = form.elements[k].value.trim(); });
      st.page = 1;
      load();
    });
    form.addEventListener('reset', function () {
      // After the browser has reset the fields (to the values the page was built with): empty them.
      setTimeout(function () {
        FILTERS.forEach(function (k) { form.elements[k].value = ''; st[k] = ''; });
        st.page = 1;
        load();
      }, 0);
    });

    function sortBy(key) {
      if (st.sort === key) st.order = st.order === 'desc' ? 'asc' : 'desc';
      else { st.sort = key; st.order = 'asc'; }
      st.page = 1;
      load();
    }
    function go(page) {
      st.page = Math.max(1, page);
      load();
    }

    // Marks the sorted column (a class and aria-sort; the arrow is drawn by the style).
    function markSort() {
      Object.keys(headCells).forEach(function (k) {
        const on = st.sort === k;
        headCells[k].classList.toggle('sorted-asc', on && st.order !== 'desc');
        headCells[k].classList.toggle('sorted-desc', on && st.order === 'desc');
        if (on) headCells[k].setAttribute('aria-sort', st.order === 'desc' ? 'descending' : 'ascending');
        else headCells[k].removeAttribute('aria-sort');
      });
    }

    // The players of a game: colour, name (a link to their page) and place.
    function players(seats) {
      return el('span', {class: 'players'}, (seats || []).map(function (s) {
        return el('span', {class: 'seat'}, [swatch(s.colour),
          s.name ? el('a', {href: playerHref(s.name), text: s.name}) : el('span', {class: 'muted', text: capital(s.colour)}),
          s.place !== null && s.place !== undefined ? el('span', {class: 'place' + (s.won ? ' won' : ''), text: ' (' + s.place + ')'}) : null]);
      }));
    }

    function result(g) {
      if (!g.finished) return el('span', {class: 'muted', text: 'unfinished'});
      return g.winner ? el('span', null, [swatch(g.winner), capital(g.winner) + ' won']) : 'finished';
    }

    let serial = 0;  // answers to older requests are dropped
    async function load() {
      const params = {};
      FILTERS.concat(['sort', 'order', 'per_page']).forEach(function (k) { params[k] = st[k]; });
      params.page = st.page > 1 ? st.page : '';
      history.replaceState(null, '', location.pathname + query(params));
      params.page = st.page;
      markSort();
      const mine = ++serial;
      let data;
      try {
        data = await api('GET', '/api/games' + query(params));
      } catch (e) {
        if (mine === serial) showError(err, e);
        return;
      }
      if (mine !== serial) return;
      hideError(err);
      clear(tbody);
      (data.games || []).forEach(function (g) {
        append(tbody, el('tr', {class: 'game-row', 'data-id': g.id}, [
          el('td', null, el('a', {href: gameHref(g.id), text: String(g.id)})),
          el('td', {class: 'nowrap', text: fmt(g.date)}), el('td', {text: fmt(g.event)}), el('td', {class: 'nowrap', text: fmt(g.profile)}),
          el('td', null, players(g.seats)), el('td', {class: 'num', text: fmt(g.rolls)}),
          el('td', null, result(g)),
          el('td', null, el('span', {class: 'status-' + String(g.status), text: fmt(g.status)}))]));
      });
      if (!(data.games || []).length) append(tbody, el('tr', {class: 'empty'}, el('td', {colspan: '8', text: 'No games match.'})));
      const perPage = data.per_page || 50;
      const pages = Math.max(1, Math.ceil((data.total || 0) / perPage));
      st.page = data.page || st.page;
      total.textContent = String(data.total);
      info.textContent = 'page ' + st.page + ' of ' + pages;
      prev.disabled = st.page <= 1;
      next.disabled = st.page >= pages;
    }
    load();
  }

  // ================================================================ a player (/player/NAME)

  async function pagePlayer(main) {
    const name = document.body.dataset.player || '';
    const err = errorBox('error');
    append(main, [el('h1', {text: name}), err]);
    let p;
    try {
      p = await api('GET', '/api/players/' + encodeURIComponent(name));
    } catch (e) {
      if (e instanceof ApiError && e.info.status === 404) {
        showMessage(err, 'E-NOT-FOUND', 'No such player: ' + name);
        err.classList.add('not-found');
      } else {
        showError(err, e);
      }
      return;
    }
    const results = (p.results || []).slice();
    append(main, [
      el('p', {class: 'summary', text: fmt(p.games) + ' games'}),
      el('h2', {text: 'Statistics per profile'}),
      table({id: 'profile-stats', class: 'data'}, ['Profile', 'Games', 'Finished', 'Wins', 'Win rate', 'Captures', 'Rolls'],
        (p.profiles || []).map(function (r) {
          return [r.profile, r.games, r.finished, r.wins, percent(r.win_rate), r.captures, r.rolls];
        })),
      el('h2', {text: 'Ratings'}),
      (p.ratings || []).length
        ? table({id: 'ratings', class: 'data'}, ['Pool', 'Strength', '\u00B1 (s.e.)', 'Games'], p.ratings.map(function (r) {
          return [r.pool, fixed(r.strength, 2), fixed(r.se, 2), r.games];
        }))
        : el('p', {id: 'ratings', class: 'muted', text: 'No ratings.'}),
      el('h2', {text: 'Results over time'}),
      el('div', {id: 'results-chart', class: 'chart'}, resultsChart(results)),
      el('h2', {text: 'Games'}),
      table({id: 'player-results', class: 'data'}, ['Game', 'Date', 'Profile', 'Place', 'Won', 'Finished'],
        results.map(function (r) {
          return [el('a', {href: gameHref(r.game), text: String(r.game)}), r.date, r.profile, r.place, r.won, r.finished];
        }))
    ]);
  }

  // The results in date order as an SVG chart: each game's place as a point (1 at the top; a
  // win filled gold, an unfinished game hollow), a link to the game, and the running win rate
  // as a line against the right axis.
  function resultsChart(results) {
    const rs = results.slice().sort(function (a, b) {
      return String(a.date || '').localeCompare(String(b.date || '')) || (a.game - b.game);
    });
    if (!rs.length) return el('p', {class: 'muted', text: 'No results.'});
    const W = 624, H = 260, L = 56, R = 56, T = 16, B = 48;
    const n = rs.length;
    const maxPlace = Math.max.apply(null, [2].concat(rs.map(function (r) { return typeof r.place === 'number' ? r.place : 0; })));
    const x = function (i) { return n === 1 ? (L + W - R) / 2 : L + i * (W - L - R) / (n - 1); };
    const yPlace = function (p) { return T + (p - 1) * (H - T - B) / (maxPlace - 1); };
    const yRate = function (r) { return T + (1 - r) * (H - T - B); };
    const svg = svgEl('svg', {xmlns: SVG_NS, width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img',
      'aria-label': 'place per game and running win rate'});
    // Axes: left (place), right (win rate), bottom (games in date order).
    append(svg, [
      svgEl('line', {class: 'axis', x1: L, y1: T, x2: L, y2: H - B}),
      svgEl('line', {class: 'axis', x1: W - R, y1: T, x2: W - R, y2: H - B}),
      svgEl('line', {class: 'axis', x1: L, y1: H - B, x2: W - R, y2: H - B})]);
    for (let p = 1; p <= maxPlace; p++) {
      append(svg, [svgEl('line', {class: 'grid', x1: L, y1: yPlace(p), x2: W - R, y2: yPlace(p)}),
        svgEl('text', {class: 'tick', x: L - 6, y: yPlace(p) + 4, 'text-anchor': 'end'}, String(p))]);
    }
    [0, 0.5, 1].forEach(function (r) {
      append(svg, svgEl('text', {class: 'tick rate', x: W - R + 6, y: yRate(r) + 4}, Math.round(r * 100) + '%'));
    });
    append(svg, [
      svgEl('text', {class: 'axis-label', x: 14, y: (T + H - B) / 2, transform: 'rotate(-90 14 ' + (T + H - B) / 2 + ')',
        'text-anchor': 'middle'}, 'place'),
      svgEl('text', {class: 'axis-label rate', x: W - 10, y: (T + H - B) / 2,
        transform: 'rotate(90 ' + (W - 10) + ' ' + (T + H - B) / 2 + ')', 'text-anchor': 'middle'}, 'win rate (running)'),
      svgEl('text', {class: 'axis-label', x: (L + W - R) / 2, y: H - 8, 'text-anchor': 'middle'},
        'games in date order (' + n + ')'),
      svgEl('text', {class: 'tick', x: L, y: H - B + 16, 'text-anchor': 'start'}, fmt(rs[0].date)),
      n > 1 ? svgEl('text', {class: 'tick', x: W - R, y: H - B + 16, 'text-anchor': 'end'}, fmt(rs[n - 1].date)) : null]);
    // The running win rate.
    let wins = 0;
    const pts = rs.map(function (r, i) {
      if (r.won) wins++;
      return x(i).toFixed(1) + ',' + yRate(wins / (i + 1)).toFixed(1);
    });
    append(svg, svgEl('polyline', {class: 'win-rate', points: pts.join(' '), fill: 'none'}));
    // One point per game with a place.
    rs.forEach(function (r, i) {
      if (typeof r.place !== 'number') return;
      const cls = 'result-point' + (r.won ? ' won' : '') + (r.finished ? '' : ' unfinished');
      append(svg, svgEl('a', {href: gameHref(r.game)}, svgEl('circle', {class: cls, cx: x(i), cy: yPlace(r.place), r: 5}, svgEl('title', null,
        'game ' + r.game + ', ' + fmt(r.date) + ', ' + fmt(r.profile) + ': place ' + r.place + (r.finished ? '' : ' (unfinished)')))));
    });
    return svg;
  }

  // ================================================================ position search (/find)

  function pageFind(main) {
    const url = new URLSearchParams(location.search);
    const form = el('form', {id: 'find-form', class: 'filters'}, [
      el('label', null, ['Position ID ', el('input', {name: 'position', size: 36, value: url.get('position') || ''})]),
      el('label', null, [el('input', {type: 'checkbox', name: 'ignore_turn', value: '1', checked: url.get('ignore_turn') === '1'}),
        ' ignore who is to move']),
      el('label', {class: 'wide'}, ['Patterns (one a line, or comma-separated) ',
        el('textarea', {name: 'patterns', rows: 3, cols: 40,
          placeholder: 'blockade-on-enter:green\nhome-path:red:2\nnear-home:blue:10', text: url.getAll('pattern').join('\n')})]),
      el('button', {type: 'submit', text: 'Find'})
    ]);
    const err = errorBox('error');
    const count = el('p', {id: 'find-count', class: 'summary'});
    const out = el('div', {id: 'find-output'});
    append(main, [el('h1', {text: 'Find a position'}), form, err, count, out]);

    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      search();
    });

    async function search() {
      const position = form.elements.position.value.trim();
      const patterns = form.elements.patterns.value.split(/[\n,]+/).map(function (s) { return s.trim(); })
        .filter(function (s) { return s; });
      // Whatever was filled in is sent; the server says what it cannot search for.
      const params = {position: position, ignore_turn: form.elements.ignore_turn.checked ? '1' : '', pattern: patterns};
      history.replaceState(null, '', location.pathname + query(params));
      let data;
      try {
        data = await api('GET', '/api/find' + query(params));
      } catch (e) {
        showError(err, e);
        return;
      }
      hideError(err);
      const columns = data.columns || [];
      const rows = data.rows || [];
      const total = typeof data.total === 'number' ? data.total : rows.length;
      count.textContent = total + (total === 1 ? ' match' : ' matches') +
        (data.truncated ? ' (the first ' + rows.length + ' shown)' : '');
      clear(out);
      // A `game` column's values link to the game.
      append(out, table({id: 'find-results', class: 'data'}, columns.map(String), rows.map(function (r) {
        return r.map(function (v, i) {
          return columns[i] === 'game' && v !== null && v !== undefined ? el('a', {href: gameHref(v), text: String(v)}) : v;
        });
      })));
    }
    if (url.get('position') || url.getAll('pattern').length) search();
  }

  // ================================================================ the scorekeeper (/record)

  const BOTS = [['', 'person']].concat(BOT_NAMES.map(function (b) { return [b, b]; }));

  function pageRecord(main) {
    // ---- the setup form: profile, and per colour: plays, name, bot; rows in turn order
    const profileSel = el('select', {id: 'profile', name: 'profile'}, PROFILES.map(function (p) {
      return el('option', {value: p, text: p});
    }));
    const seatRows = el('tbody', null, COLOURS.map(function (c) {
      return el('tr', {class: 'seat-row', 'data-colour': c}, [
        el('td', null, el('input', {type: 'checkbox', id: 'plays-' + c, name: 'plays-' + c, checked: true, 'aria-label': c + ' plays'})),
        el('td', null, el('label', {for: 'plays-' + c}, [swatch(c), ' ', capital(c)])),
        el('td', null, el('input', {id: 'name-' + c, name: 'name-' + c, placeholder: 'name', maxlength: 100})),
        el('td', null, el('select', {id: 'bot-' + c, name: 'bot-' + c}, BOTS.map(function (b) {
          return el('option', {value: b[0], text: b[1]});
        }))),
        el('td', null, [
          el('button', {type: 'button', class: 'move-up', title: 'earlier in the turn order', text: '\u2191'}),
          el('button', {type: 'button', class: 'move-down', title: 'later in the turn order', text: '\u2193'})])
      ]);
    }));
    // Moving a row up or down changes the order seats are sent in (the turn order).
    seatRows.addEventListener('click', function (ev) {
      const b = ev.target.closest('button');
      if (!b) return;
      const row = b.closest('tr');
      if (b.classList.contains('move-up') && row.previousElementSibling) seatRows.insertBefore(row, row.previousElementSibling);
      if (b.classList.contains('move-down') && row.nextElementSibling) seatRows.insertBefore(row.nextElementSibling, row);
    });
    const autoBot = el('input', {type: 'checkbox', id: 'auto-bot', checked: true});
    const setup = el('form', {id: 'record-setup', class: 'panel'}, [
      el('label', null, ['Profile ', profileSel]),
      el('table', {class: 'seats'}, [el('thead', null, el('tr', null, ['Plays', 'Colour', 'Name', 'Played by', 'Turn order']
        .map(function (h) { return el('th', {text: h}); }))), seatRows]),
      el('p', null, el('label', null, [autoBot, ' bots move by themselves'])),
      el('button', {type: 'submit', id: 'start', text: 'Start'})
    ]);
    const err = errorBox('record-error');
    const view = el('section', {id: 'record-game', hidden: true});
    append(main, [el('h1', {text: 'Record a game'}), setup, err, view]);

    // ---- the game being recorded and what the page shows of it
    let game = null;       // {profile, seats: [{colour, name, bot}], rolls: [{seat, dice, play}]}: sent whole each time
    let state = null;      // the server's last state
    let chosen = [];       // the mini-moves clicked so far, [{from, to}]
    let pawnSquare = null; // the square of the pawn picked to move next
    let pawnEl = null;     // that pawn's circle
    let working = false;   // a request of this page is in flight: further clicks wait
    let botTimer = null;   // the pending automatic bot move
    let holdBot = false;   // after an undo the bots wait for a click
    let ui = null;         // the game view's elements

    setup.addEventListener('submit', function (ev) {
      ev.preventDefault();
      if (game && game.rolls.length && !confirm('Start a new game? The one being recorded is lost unless saved.')) return;
      const seats = [];
      Array.prototype.forEach.call(seatRows.rows, function (row) {
        const c = row.getAttribute('data-colour');
        if (!document.getElementById('plays-' + c).checked) return;
        seats.push({colour: c, name: document.getElementById('name-' + c).value.trim(), bot: document.getElementById('bot-' + c).value});
      });
      cancelBot();
      game = {profile: profileSel.value, seats: seats, rolls: []};
      state = null;
      holdBot = false;
      buildView();
      // The game view stays hidden when the server refuses the setup (the error says why).
      run(function () { return refresh(null); }).then(function () { view.hidden = !state; });
    });

    // Ludo's board throws one die (the server says which profiles are Ludo's).
    const isLudo = function () {
      return PROFILE_INFO.some(function (p) { return p.name === game.profile && p.ludo; });
    };
    const seatOf = function (colour) {
      return game.seats.filter(function (s) { return s.colour === colour; })[0] || {colour: colour, name: '', bot: ''};
    };
    // The body of a request: the whole recording plus `extra` (dice, play, bot).
    const body = function (extra) { return Object.assign({}, game, extra || {}); };

    // Runs one request-making action at a time; its error is shown, its success clears errors.
    async function run(action) {
      if (working) return;
      working = true;
      if (ui) ui.view.classList.add('working');
      try {
        await action();
        hideError(err);
      } catch (e) {
        showError(err, e);
        if (err.scrollIntoView) err.scrollIntoView({block: 'nearest'});
      } finally {
        working = false;
        if (ui) ui.view.classList.remove('working');
      }
    }

    // ---- the game view (built at each start: the dice entry depends on the profile)
    function buildView() {
      clear(view);
      const dieSelect = function (id) {
        return el('select', {id: id, 'aria-label': id === 'die1' ? 'first die' : 'second die'},
          [el('option', {value: '', text: '\u2013'})].concat([1, 2, 3, 4, 5, 6].map(function (d) { return el('option', {value: d, text: d}); })));
      };
      ui = {view: view};
      ui.board = el('div', {id: 'board', class: 'board'});
      ui.toMove = el('p', {id: 'to-move'});
      ui.who = el('p', {id: 'to-move-who', class: 'muted'});
      ui.die1 = dieSelect('die1');
      ui.die2 = isLudo() ? null : dieSelect('die2');
      ui.diceEntry = el('div', {id: 'dice-entry', class: 'row'}, ['Dice ', ui.die1, ui.die2 ? [' ', ui.die2] : null, ' ',
        el('button', {type: 'button', id: 'throw-random', text: 'Throw for me', onclick: function () { run(throwRandom); }}), ' ',
        el('button', {type: 'button', id: 'enter-dice', text: 'Enter dice', onclick: function () { run(enterDice); }})]);
      ui.legal = el('ul', {id: 'legal-plays', class: 'plays'});
      ui.clearSel = el('button', {type: 'button', id: 'clear-selection', text: 'Clear selection', onclick: function () {
        chosen = []; pawnSquare = null; pawnEl = null; showPlays();
      }});
      ui.playText = el('input', {id: 'play-text', placeholder: 'a play in PPN, e.g. N/0 0/3', size: 24});
      ui.playTyped = el('button', {type: 'button', id: 'play-typed', text: 'Play', onclick: function () { run(playTyped); }});
      ui.playRow = el('div', {class: 'row'}, [ui.playText, ' ', ui.playTyped]);
      ui.help = el('p', {class: 'help', text: 'Click a pawn, then the square it goes to; or click a play.'});
      ui.hints = el('ol', {id: 'hints', class: 'plays'});
      ui.gameOver = el('div', {id: 'game-over', hidden: true});
      ui.saveResult = el('span', {id: 'save-result'});
      ui.download = el('a', {id: 'download', href: '#', download: 'game.ppn', text: 'Download .ppn'});
      ui.ppn = el('pre', {id: 'ppn-text'});
      ui.undo = el('button', {type: 'button', id: 'undo', text: 'Undo last roll', onclick: function () { run(undo); }});
      ui.hint = el('button', {type: 'button', id: 'hint', text: 'Hint', onclick: function () { run(hint); }});
      ui.botMove = el('button', {type: 'button', id: 'bot-move', text: 'Bot move', title: 'the seat\u2019s bot (net1 for a person) plays this throw',
        onclick: function () { holdBot = false; run(botMove); }});
      ui.save = el('button', {type: 'button', id: 'save', text: 'Save to the database', onclick: function () { run(save); }});
      ui.playText.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') run(playTyped); });
      // New dice make the listed plays stale.
      [ui.die1, ui.die2].forEach(function (s) {
        if (s) s.addEventListener('change', function () { if (state && state.legal) { state.legal = null; state.dice = null; showPlays(); } });
      });
      ui.board.addEventListener('click', onBoardClick);
      append(view, el('div', {class: 'record-layout'}, [
        ui.board,
        el('div', {class: 'record-side'}, [
          ui.toMove, ui.who, ui.gameOver, ui.diceEntry,
          ui.help, ui.legal, el('div', {class: 'row'}, [ui.clearSel]), ui.playRow,
          el('div', {class: 'row'}, [ui.undo, ' ', ui.hint, ' ', ui.botMove]),
          ui.hints,
          el('div', {class: 'row'}, [ui.save, ' ', ui.download, ' ', ui.saveResult]),
          el('h3', {text: 'PPN'}), ui.ppn])
      ]));
      view.hidden = false;
    }

    // ---- requests

    // The state of the game; with `dice`, the legal plays of that throw.
    async function refresh(dice) {
      const st = await api('POST', '/api/record/state', body(dice ? {dice: dice} : null));
      setState(st);
    }

    // The dice chosen in the selects; an error (shown by run) when one is not chosen yet.
    function readDice() {
      const d = [ui.die1].concat(ui.die2 ? [ui.die2] : []).map(function (s) { return s.value; });
      if (d.some(function (v) { return v === ''; })) {
        throw new ApiError({code: 'E-INPUT', message: ui.die2 ? 'choose both dice first' : 'choose the die first'});
      }
      return d.map(Number);
    }

    // The dice of the throw being played: the ones the legal plays are of, else the selects'.
    function currentDice() {
      return state && state.dice ? state.dice : readDice();
    }

    async function enterDice() {
      const d = readDice();
      holdBot = false;
      await refresh(d);
    }

    // Random dice thrown here (dice are no rules), then entered.
    async function throwRandom() {
      const n = ui.die2 ? 2 : 1;
      const r = new Uint32Array(n);
      if (window.crypto && crypto.getRandomValues) crypto.getRandomValues(r);
      else for (let i = 0; i < n; i++) r[i] = Math.floor(Math.random() * 6);
      ui.die1.value = String(r[0] % 6 + 1);
      if (ui.die2) ui.die2.value = String(r[1] % 6 + 1);
      await enterDice();
    }

    // Sends `text` as the play of the throw `dice`; the server judges it (422 when illegal).
    async function play(text, dice) {
      const seat = state.to_move;
      const st = await api('POST', '/api/record/play', body({dice: dice, play: text}));
      game.rolls.push({seat: seat, dice: dice, play: text});
      holdBot = false;
      setState(st);
    }

    async function playTyped() {
      const text = ui.playText.value.trim();
      await play(text, currentDice());
      ui.playText.value = '';
    }

    // The seat to move played by its bot (a person's seat by net1), with the dice entered if
    // any, else dice the server throws; the roll it made is appended.
    async function botMove() {
      cancelBot();
      const seat = seatOf(state.to_move);
      const extra = {bot: seat.bot || 'net1'};
      if (state.dice) extra.dice = state.dice;
      const res = await api('POST', '/api/record/bot', body(extra));
      game.rolls.push({seat: seat.colour, dice: res.dice, play: res.play});
      setState(res.state);
    }

    // Drops the last roll; the bots then wait for a click (else they would replay it at once).
    async function undo() {
      if (!game.rolls.length) return;
      cancelBot();
      game.rolls.pop();
      holdBot = true;
      await refresh(null);
    }

    // The legal plays of the dice ranked by the server's net (equity: the mover's chance of
    // winning after the play); clicking one plays it.
    async function hint() {
      const dice = currentDice();
      const res = await api('POST', '/api/record/hint', body({dice: dice}));
      clear(ui.hints);
      (res.plays || []).forEach(function (p) {
        append(ui.hints, el('li', {class: 'hint', 'data-text': p.text, tabindex: '0', role: 'button',
          onclick: function () { run(function () { return play(p.text, dice); }); }},
        [el('code', {text: p.text}), ' ', el('span', {class: 'equity', text: percent(p.equity)})]));
      });
    }

    async function save() {
      const meta = document.querySelector('meta[name="ppn-token"]');
      const res = await api('POST', '/api/games', {ppn: state.ppn}, {'X-PPN-Token': meta ? meta.getAttribute('content') : ''});
      clear(ui.saveResult);
      append(ui.saveResult, [res.imported === false ? 'Already stored as ' : 'Saved as ',
        el('a', {href: gameHref(res.id), text: 'game ' + res.id})]);
    }

    // ---- the automatic bot move
    function cancelBot() {
      if (botTimer === null) return;
      clearTimeout(botTimer);
      botTimer = null;
      busy(-1);
    }
    function scheduleBot() {
      cancelBot();
      if (!state || state.over || holdBot || !autoBot.checked || !seatOf(state.to_move).bot) return;
      busy(1);  // counted as busy: the page is not waiting for the person yet
      botTimer = setTimeout(function () {
        botTimer = null;
        run(botMove);  // its request counts itself busy before the wait ends
        busy(-1);
      }, 300);
    }
    autoBot.addEventListener('change', function () { if (state) { holdBot = false; scheduleBot(); } });

    // ---- showing a state
    function setState(st) {
      state = st;
      chosen = [];
      pawnSquare = null;
      pawnEl = null;
      if (!state.dice) {
        ui.die1.value = '';
        if (ui.die2) ui.die2.value = '';
      }
      clear(ui.hints);
      clear(ui.saveResult);
      // The board: the server's SVG markup, parsed as SVG into its own container.
      clear(ui.board);
      const doc = new DOMParser().parseFromString(String(state.svg || ''), 'image/svg+xml');
      const root = doc.documentElement;
      if (root && root.namespaceURI === SVG_NS && !doc.getElementsByTagName('parsererror').length) {
        ui.board.appendChild(document.importNode(root, true));
      } else {
        ui.board.appendChild(el('p', {class: 'muted', text: 'The board cannot be drawn.'}));
      }
      const seat = seatOf(state.to_move);
      ui.toMove.textContent = state.over ? 'Game over' : capital(state.to_move) + ' to throw';
      ui.toMove.className = state.over ? '' : 'colour-text-' + state.to_move;
      ui.who.textContent = state.over ? '' : [seat.name, seat.bot ? seat.bot + ' bot' : '', state.doublets ? 'doublets: ' + state.doublets : '']
        .filter(function (s) { return s; }).join(' \u00B7 ');
      ui.ppn.textContent = String(state.ppn || '');
      setDownload(ui.download, String(state.ppn || ''), 'game.ppn');
      // Game over: the ranking, and no more dice.
      clear(ui.gameOver);
      ui.gameOver.hidden = !state.over;
      if (state.over) {
        append(ui.gameOver, [el('h3', {text: 'Ranking'}), el('ol', {class: 'ranking'}, (state.ranking || []).map(function (c) {
          const s = seatOf(c);
          return el('li', null, [swatch(c), ' ', capital(c), s.name ? ' \u2014 ' + s.name : '']);
        }))]);
      }
      ui.diceEntry.hidden = ui.playRow.hidden = ui.help.hidden = !!state.over;
      ui.hint.disabled = ui.botMove.disabled = ui.playTyped.disabled = !!state.over;
      ui.undo.disabled = !game.rolls.length;
      showPlays();
      scheduleBot();
    }

    // ---- the legal plays, filtered by the mini-moves clicked so far (no rules: matching)

    // A square as compared: a capture mark `x` is no part of the square.
    const norm = function (sq) { return String(sq).replace(/x$/i, ''); };

    // Which of `moves` the clicked mini-moves use (each clicked one matched to a different
    // move with the same from and to, in any order); null when some is not among them.
    function uses(moves) {
      const used = moves.map(function () { return false; });
      for (let k = 0; k < chosen.length; k++) {
        let i = 0;
        while (i < moves.length && (used[i] || norm(moves[i].from) !== norm(chosen[k].from) || norm(moves[i].to) !== norm(chosen[k].to))) i++;
        if (i === moves.length) return null;
        used[i] = true;
      }
      return used;
    }

    // The legal plays the clicked mini-moves are part of, each with its moves still to make.
    function matching() {
      return (state && state.legal || []).map(function (p) {
        const moves = p.moves || [];
        const used = uses(moves);
        return used && {play: p, rest: moves.filter(function (m, i) { return !used[i]; })};
      }).filter(function (m) { return m; });
    }

    // Lists the legal plays (those the clicks fit marked) and draws the board's marks.
    function showPlays() {
      clear(ui.legal);
      const fit = matching().map(function (m) { return m.play; });
      (state && state.legal || []).forEach(function (p) {
        const on = chosen.length && fit.indexOf(p) >= 0;
        append(ui.legal, el('li', {class: 'legal-play' + (on ? ' match' : chosen.length ? ' other' : ''), 'data-text': p.text,
          tabindex: '0', role: 'button',
          onclick: function () { run(function () { return play(p.text, state.dice); }); },
          onkeydown: function (ev) { if (ev.key === 'Enter') run(function () { return play(p.text, state.dice); }); }},
        el('code', {text: p.text})));
      });
      ui.clearSel.hidden = !chosen.length && pawnSquare === null;
      drawMarks();
    }

    // The squares a pawn of the mover may be picked from: the next mini-moves' `from`.
    function fromSquares() {
      const s = {};
      matching().forEach(function (m) { m.rest.forEach(function (mv) { s[norm(mv.from)] = true; }); });
      return s;
    }

    // The marks over the board: the mover's pawns that can move, the picked pawn, where the
    // mini-moves clicked so far went ("moved", clickable like pawns) and the picked pawn's
    // targets; all in <g id="targets"> over the board.
    function drawMarks() {
      const svg = ui.board.querySelector('svg');
      if (!svg) return;
      const old = svg.querySelector('#targets');
      if (old) old.parentNode.removeChild(old);
      const from = state && state.legal && !state.over ? fromSquares() : {};
      Array.prototype.forEach.call(svg.querySelectorAll('circle.pawn'), function (c) {
        const mine = c.getAttribute('data-seat') === state.to_move;
        c.classList.toggle('movable', mine && !!from[norm(c.getAttribute('data-square'))]);
        c.classList.toggle('selected', c === pawnEl);
        c.classList.toggle('left', chosen.some(function (m) { return m.pawn === c; }));
      });
      if (!state || !state.legal) return;
      const g = svgEl('g', {id: 'targets'});
      chosen.forEach(function (m, k) {
        // A mark that went on (a later move picked from it) is not drawn.
        if (chosen.some(function (l, j) { return j > k && l.pawn === null && norm(l.from) === norm(m.to); })) return;
        append(g, svgEl('circle', {class: 'moved' + (from[norm(m.to)] ? ' movable' : '') + (pawnEl === null && pawnSquare === norm(m.to) ? ' selected' : ''),
          'data-seat': state.to_move, 'data-square': m.to, cx: m.tx, cy: m.ty, r: 9}));
      });
      if (pawnSquare !== null) {
        const seen = {};
        matching().forEach(function (m) {
          m.rest.forEach(function (mv) {
            if (norm(mv.from) !== pawnSquare || seen[norm(mv.to)]) return;
            seen[norm(mv.to)] = true;
            append(g, svgEl('circle', {class: 'target', 'data-square': mv.to, 'data-from': mv.from, cx: mv.tx, cy: mv.ty, r: 10},
              svgEl('title', null, mv.from + '/' + mv.to)));
          });
        });
      }
      svg.appendChild(g);
    }

    // A click on the board: a target extends the clicked mini-moves; a pawn of the mover (or a
    // "moved" mark) that a next mini-move starts from is picked; anything else drops the pick.
    function onBoardClick(ev) {
      if (working || !state || !state.legal || state.over) return;
      const t = ev.target;
      const target = t.closest && t.closest('.target');
      if (target) {
        chooseMove(target.getAttribute('data-from'), target.getAttribute('data-square'));
        return;
      }
      const pawn = t.closest && t.closest('circle.pawn, circle.moved');
      const square = pawn && norm(pawn.getAttribute('data-square'));
      if (pawn && pawn.getAttribute('data-seat') === state.to_move && fromSquares()[square]) {
        pawnSquare = square;
        pawnEl = pawn.classList.contains('pawn') ? pawn : null;
      } else {
        pawnSquare = null;
        pawnEl = null;
      }
      drawMarks();
    }

    // Adds the mini-move from/to; when exactly one legal play is then complete (and no longer
    // play goes on from the clicks), it is sent.
    function chooseMove(from, to) {
      const m = matching().filter(function (x) {
        return x.rest.some(function (mv) { return norm(mv.from) === norm(from) && norm(mv.to) === norm(to); });
      })[0];
      const mv = m && m.rest.filter(function (x) { return norm(x.from) === norm(from) && norm(x.to) === norm(to); })[0];
      if (!mv) return;
      // `pawn`: the circle picked (dimmed: it left), null when a "moved" mark went on.
      chosen.push({from: mv.from, to: mv.to, tx: mv.tx, ty: mv.ty, pawn: pawnEl});
      pawnSquare = null;
      pawnEl = null;
      const fit = matching();
      const done = fit.filter(function (x) { return !x.rest.length; });
      const longer = fit.filter(function (x) { return x.rest.length; });
      // The same mini-moves in another order are another text: the one in the clicked order wins.
      const inOrder = done.filter(function (x) {
        return x.play.moves.every(function (mv2, i) { return norm(mv2.from) === norm(chosen[i].from) && norm(mv2.to) === norm(chosen[i].to); });
      });
      const pick = done.length === 1 ? done[0] : inOrder.length === 1 ? inOrder[0] : null;
      if (pick && !longer.length) {
        const dice = state.dice;
        run(function () {
          return play(pick.play.text, dice).catch(function (e) { chosen = []; showPlays(); throw e; });
        });
        return;
      }
      // A bare pawn left to continue: pick it at once when it is the only one that can.
      const next = fromSquares();
      const keys = Object.keys(next);
      if (keys.length === 1 && keys[0] === norm(to)) pawnSquare = norm(to);
      showPlays();
    }
  }

  // ================================================================ a game (/game/ID)

  // The viewer is the server's; this fills #game-extra: the seats, the diagnostics, the
  // analysis per seat and a download of the record.
  async function pageGame() {
    const box = document.getElementById('game-extra');
    if (!box) return;
    const id = box.dataset.game || document.body.dataset.game || '';
    const err = errorBox('game-error');
    box.appendChild(err);
    let g;
    try {
      g = await api('GET', '/api/games/' + encodeURIComponent(id));
    } catch (e) {
      showError(err, e);
      return;
    }
    const a = el('a', {id: 'download-ppn', class: 'button', text: 'Download .ppn'});
    setDownload(a, String(g.ppn || ''), 'game-' + id + '.ppn');
    const diags = g.diagnostics || [];
    append(box, [
      el('h2', {text: 'Players'}),
      el('ul', {id: 'game-seats', class: 'seats'}, (g.seats || []).map(function (s) {
        return el('li', {class: 'seat', 'data-colour': s.colour}, [swatch(s.colour), ' ', capital(s.colour), ': ',
          s.name ? el('a', {href: playerHref(s.name), text: s.name}) : el('span', {class: 'muted', text: 'no name'}),
          s.place !== null && s.place !== undefined ? ', place ' + s.place : '', s.won ? ' \u2014 won' : '']);
      })),
      el('h2', {text: 'Diagnostics'}),
      diags.length ? el('ul', {id: 'game-diagnostics', class: 'diagnostics'}, diags.map(function (d) {
        return el('li', {class: 'diag ' + String(d.severity)}, [
          d.roll !== null && d.roll !== undefined ? el('span', {class: 'diag-roll', text: 'roll ' + d.roll + ': '}) : null,
          el('span', {class: 'error-code', text: fmt(d.code)}), ' ',
          el('span', {class: 'severity', text: '(' + fmt(d.severity) + ') '}),
          el('span', {class: 'error-message', text: fmt(d.message)}),
          d.citation ? el('div', {class: 'error-citation', text: String(d.citation)}) : null,
          d.line ? el('div', {class: 'muted', text: 'line ' + d.line + (d.column ? ', column ' + d.column : '')}) : null]);
      })) : el('p', {id: 'game-diagnostics', class: 'muted', text: 'No diagnostics.'}),
      el('h2', {text: 'Analysis'}),
      g.analysis ? table({id: 'game-analysis', class: 'data'},
        ['Seat', 'Level', 'Rolls', 'Decisions', 'Mistakes ?', 'Blunders ??', 'Loss per decision', 'Luck'],
        g.analysis.map(function (r) {
          return [el('span', null, [swatch(r.colour), ' ', r.name ? r.name : capital(r.colour)]), r.level, r.rolls, r.decisions,
            r.mistakes, r.blunders, fixed(r.loss_per_decision, 4), fixed(r.luck, 3)];
        }))
        : el('p', {id: 'game-analysis', class: 'muted', text: 'no analysis stored'}),
      el('p', null, a)
    ]);
    append(box, analysisNow(id));
    luckChart(id);
  }

  // Analysis on request (GET /api/games/ID/analysis): the neural evaluator at level 0 or 1
  // judges every decision now; the marked ones are listed and marked in the viewer's text
  // (span.roll[data-frame] gets class mark-q or mark-qq and the mark after it).
  function analysisNow(id) {
    const level = el('select', {id: 'analysis-level'}, [el('option', {value: '1', text: 'level 1 (1-ply)'}),
      el('option', {value: '0', text: 'level 0 (0-ply)'})]);
    const out = el('div', {id: 'analysis-now'});
    const err = errorBox('analysis-error');
    const run = el('button', {id: 'analyse', type: 'button', class: 'button', text: 'Analyse every decision'});
    run.addEventListener('click', async function () {
      hideError(err);
      clear(out);
      out.appendChild(el('p', {class: 'muted', text: 'Analysing\u2026'}));
      let r;
      try {
        r = await api('GET', '/api/games/' + encodeURIComponent(id) + '/analysis?level=' + encodeURIComponent(level.value));
      } catch (e) {
        clear(out);
        showError(err, e);
        return;
      }
      clear(out);
      document.querySelectorAll('span.roll.mark-q, span.roll.mark-qq').forEach(function (s) {
        s.classList.remove('mark-q', 'mark-qq');
        const m = s.querySelector('.mark');
        if (m) m.remove();
      });
      const marked = (r.rolls || []).filter(function (x) { return x.mark; });
      marked.forEach(function (x) {
        const span = document.querySelector('span.roll[data-frame="' + String(x.roll) + '"]');
        if (!span) return;
        span.classList.add(x.mark === '??' ? 'mark-qq' : 'mark-q');
        span.appendChild(el('span', {class: 'mark', text: ' ' + x.mark}));
      });
      const decisions = (r.rolls || []).filter(function (x) { return x.decision; }).length;
      out.appendChild(el('p', {id: 'analysis-summary', text: 'Level ' + r.level + ': ' + decisions + ' decisions, ' +
        marked.length + ' marked (? loses ' + percent(r.mistake) + ' or more of the winning chance, ?? ' + percent(r.blunder) + ').'}));
      if (marked.length) {
        out.appendChild(table({id: 'game-marks', class: 'data'}, ['Roll', 'Seat', 'Mark', 'Loss', 'Best play'],
          marked.map(function (x) {
            return [x.roll, el('span', null, [swatch(x.colour), ' ', capital(x.colour)]), x.mark, percent(x.loss), x.best_play || ''];
          })));
      }
    });
    return [el('h2', {text: 'Analyse now'}), el('p', null, [level, ' ', run]), err, out];
  }

  // The luck chart, served apart (the net over every throw of every roll is the page's costly
  // part): the server's SVG, parsed as SVG, put among the viewer's charts after the race chart;
  // the viewer's cursor finds it there (it looks the charts up at each step).
  async function luckChart(id) {
    const charts = document.getElementById('charts');
    if (!charts) return;
    const fig = el('figure', {class: 'chart', id: 'luck-chart'}, el('p', {class: 'muted', text: 'Computing the luck chart\u2026'}));
    charts.insertBefore(fig, charts.children[1] || null);
    try {
      const r = await fetch('/api/games/' + encodeURIComponent(id) + '/luck-chart');
      if (!r.ok) throw new Error('the luck chart: HTTP ' + r.status);
      const doc = new DOMParser().parseFromString(await r.text(), 'image/svg+xml');
      const root = doc.documentElement;
      clear(fig);
      if (root && root.namespaceURI === SVG_NS && !doc.getElementsByTagName('parsererror').length) {
        fig.appendChild(document.importNode(root, true));
      } else {
        fig.appendChild(el('p', {class: 'muted', text: 'No luck chart for this game.'}));
      }
    } catch (e) {
      clear(fig);
      fig.appendChild(el('p', {class: 'muted', text: String(e.message || e)}));
    }
  }

  // ================================================================ dispatch

  document.body.dataset.busy = '0';
  const pages = {games: pageGames, player: pagePlayer, find: pageFind, record: pageRecord};
  const page = document.body.dataset.page;
  const main = document.getElementById('main');
  // A failure of the script itself is shown too, never swallowed.
  const fail = function (e) {
    const box = errorBox('script-error');
    (main || document.body).appendChild(box);
    showError(box, e);
  };
  try {
    if (page === 'game') Promise.resolve(pageGame()).catch(fail);
    else if (main && pages[page]) Promise.resolve(pages[page](main)).catch(fail);
  } catch (e) {
    fail(e);
  }
})();
