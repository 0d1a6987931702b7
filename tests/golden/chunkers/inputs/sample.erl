%% @doc A token bucket rate limiter, one bucket per client.
-module(rate_limiter).
-behaviour(gen_server).

-export([start_link/1, allow/2, refill/2]).
-export([init/1, handle_call/3, handle_cast/2]).

-record(bucket, {tokens = 0 :: non_neg_integer(),
                 capacity = 10 :: pos_integer(),
                 updated_at = 0 :: integer()}).

-type client() :: binary() | atom().

-define(REFILL_MS, 1000).

start_link(Capacity) ->
    gen_server:start_link({local, ?MODULE}, ?MODULE, Capacity, []).

%% @doc Takes one token from the client's bucket: `true` when the
%% request may go ahead, `false` when the bucket is empty.
-spec allow(client(), integer()) -> boolean().
allow(Client, Now) ->
    gen_server:call(?MODULE, {take, Client, Now}).

%% Adds the tokens earned since the last refill, never more than the capacity.
refill(#bucket{tokens = T, capacity = C, updated_at = At} = B, Now) when Now > At ->
    Earned = (Now - At) div ?REFILL_MS,
    B#bucket{tokens = min(C, T + Earned), updated_at = Now};
refill(B, _Now) ->
    B.

init(Capacity) ->
    {ok, #{capacity => Capacity, buckets => #{}}}.

handle_call({take, Client, Now}, _From, #{buckets := Buckets, capacity := C} = State) ->
    Bucket = refill(maps:get(Client, Buckets, #bucket{tokens = C, capacity = C}), Now),
    case Bucket#bucket.tokens of
        0 -> {reply, false, State};
        N -> {reply, true, State#{buckets := Buckets#{Client => Bucket#bucket{tokens = N - 1}}}}
    end.

handle_cast(_Msg, State) ->
    %% a dot in a string "a. b" and a character $. do not end the form
    _ = {"a. b", $.},
    {noreply, State}.
