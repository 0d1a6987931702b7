(**************************************************************************)
(*  A key-value store over association lists, with a functor for any key. *)
(**************************************************************************)

open Printf

(** A store of values under string keys. *)
type 'a t = { mutable items : (string * 'a) list; name : string }

type error = Missing_key of string | Closed

exception Store_error of error

(** [create name] is an empty store called [name]. *)
let create name = { items = []; name }

(** [add t key v] binds [key] to [v], replacing an older binding. *)
let add t key v =
  t.items <- (key, v) :: List.remove_assoc key t.items

let rec length = function
  | [] -> 0
  | _ :: tl -> 1 + length tl

and is_empty l = length l = 0

let default_capacity = 16 * 1024 (* bytes, before the store grows *)

module type ORDERED = sig
  type t
  val compare : t -> t -> int
end

(** [Make (Ord)] is a store whose keys are [Ord.t]. *)
module Make (Ord : ORDERED) = struct
  type key = Ord.t

  (** [find k l] is the value bound to [k] in [l]. *)
  let rec find k = function
    | [] -> raise (Store_error (Missing_key "?"))
    | (k', v) :: rest -> if Ord.compare k k' = 0 then v else find k rest

  let mem k l = List.exists (fun (k', _) -> Ord.compare k k' = 0) l
end

let () = printf "store %s\n" (create "main").name
