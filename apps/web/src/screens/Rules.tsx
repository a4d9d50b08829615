import { useGameClient } from '../games/load';
import { GAME_LIST } from '../games/registry';
import { m } from '../messages';
import { links } from '../router';
import { GameLoading } from '../ui/common';

/** /rules/GAME: the game's own rules page, from its chunk; /rules: the list of the games' rules. */
export function RulesScreen({ game, anchor }: { game: string | null; anchor: string | null }) {
  const { client, failed, retry } = useGameClient(game);
  if (game === null) {
    return (
      <main className="page narrow">
        <p>
          <a href="/">← {m.appName}</a>
        </p>
        <h1>{m.home.rulesIndex}</h1>
        <ul className="rules-index">
          {GAME_LIST.map((entry) => (
            <li key={entry.id}>
              <a href={links.rules(entry.id)}>{m.rulesOf(entry.title)}</a>
            </li>
          ))}
        </ul>
      </main>
    );
  }
  if (!client) return <GameLoading failed={failed} retry={retry} />;
  return <client.RulesPage anchor={anchor} />;
}
