//! What the server does with each message of a connection that said Hello.

use entropy_protocol::{ClientMessage, ServerMessage};

use crate::conns::{ConnId, Who};
use crate::game::Command;
use crate::server::Server;
use crate::{hub, lobby};

/// Acts on one message; whatever goes wrong is told to this connection only.
pub async fn handle(server: &Server, conn: ConnId, who: Option<&Who>, message: ClientMessage) {
    if let Err(reason) = check_words(&message) {
        server.conns.send(conn, ServerMessage::Error { reason });
        return;
    }
    let error = |reason: String| server.conns.send(conn, ServerMessage::Error { reason });
    let refused = |game: String, reason: String| server.conns.send(conn, ServerMessage::Refused { game, reason });
    match message {
        ClientMessage::Hello { .. } => error("Hello was said already".into()),
        ClientMessage::Ping => server.conns.send(conn, ServerMessage::Pong),
        ClientMessage::WatchLobby => {
            server.conns.watch_lobby(conn);
            match lobby::lobby(server).await {
                Ok(parts) => {
                    for part in parts {
                        server.conns.send(conn, part);
                    }
                }
                Err(reason) => error(reason),
            }
        }
        ClientMessage::Watch { game, since } => {
            if let Err(reason) = hub::watch(server, conn, &game, since).await {
                refused(game, reason);
            }
        }
        ClientMessage::Unwatch { game } => hub::unwatch(server, conn, &game).await,
        ClientMessage::Seek { options } => match who {
            None => error("sign in to post a seek".into()),
            Some(who) => {
                if let Err(reason) = lobby::post(server, who, options, None).await {
                    error(reason);
                }
            }
        },
        ClientMessage::Challenge { player, options } => match who {
            None => error("sign in to challenge a player".into()),
            Some(who) => {
                if let Err(reason) = lobby::post(server, who, options, Some(&player)).await {
                    error(reason);
                }
            }
        },
        ClientMessage::CancelSeek { seek } => match who {
            None => error("sign in to withdraw a seek".into()),
            Some(who) => {
                if let Err(reason) = lobby::cancel(server, who, &seek).await {
                    error(reason);
                }
            }
        },
        ClientMessage::Accept { seek } => match who {
            None => error("sign in to accept a seek".into()),
            Some(who) => {
                if let Err(reason) = lobby::accept(server, who, &seek).await {
                    error(reason);
                }
            }
        },
        ClientMessage::Decline { seek } => match who {
            None => error("sign in to decline a challenge".into()),
            Some(who) => {
                if let Err(reason) = lobby::decline(server, who, &seek).await {
                    error(reason);
                }
            }
        },
        ClientMessage::Play { game, version, action } => {
            game_command(server, conn, who, game, Command::Play { version, action }).await
        }
        ClientMessage::Resign { game } => game_command(server, conn, who, game, Command::Resign).await,
        ClientMessage::Abort { game } => game_command(server, conn, who, game, Command::Abort).await,
        ClientMessage::Takeback { game } => game_command(server, conn, who, game, Command::Takeback).await,
        ClientMessage::DeclineTakeback { game } => {
            game_command(server, conn, who, game, Command::DeclineTakeback).await
        }
        ClientMessage::Rematch { game } => game_command(server, conn, who, game, Command::Rematch).await,
        ClientMessage::DeclineRematch { game } => game_command(server, conn, who, game, Command::DeclineRematch).await,
        ClientMessage::CountSeen { game, version } => {
            game_command(server, conn, who, game, Command::CountSeen { version }).await
        }
    }
}

/// The longest game or seek id read (the server's own are 8 characters).
pub const MAX_ID: usize = 64;

/// Refuses ids and names too long to be any, before they are looked up
/// or quoted back.
fn check_words(message: &ClientMessage) -> Result<(), String> {
    let (kind, word, limit) = match message {
        ClientMessage::Watch { game, .. }
        | ClientMessage::Unwatch { game }
        | ClientMessage::Play { game, .. }
        | ClientMessage::Resign { game }
        | ClientMessage::Abort { game }
        | ClientMessage::Takeback { game }
        | ClientMessage::DeclineTakeback { game }
        | ClientMessage::Rematch { game }
        | ClientMessage::DeclineRematch { game }
        | ClientMessage::CountSeen { game, .. } => ("a game id", game, MAX_ID),
        ClientMessage::CancelSeek { seek } | ClientMessage::Accept { seek } | ClientMessage::Decline { seek } => {
            ("a seek id", seek, MAX_ID)
        }
        ClientMessage::Challenge { player, .. } => ("a player's name", player, crate::auth::MAX_NAME * 4),
        _ => return Ok(()),
    };
    if word.len() > limit {
        return Err(format!("{kind} has at most {limit} bytes, not {}", word.len()));
    }
    if let ClientMessage::Play { action, .. } = message
        && action.len() > MAX_ID
    {
        return Err(format!("a move has at most {MAX_ID} bytes, not {}", action.len()));
    }
    Ok(())
}

async fn game_command(server: &Server, conn: ConnId, who: Option<&Who>, game: String, command: Command) {
    let result = match who {
        None => Err("sign in to play: a connection without an account only watches".to_string()),
        Some(who) => hub::command(server, who, &game, command).await,
    };
    if let Err(reason) = result {
        server.conns.send(conn, ServerMessage::Refused { game, reason });
    }
}
