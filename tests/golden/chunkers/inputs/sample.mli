(** A key-value store over association lists.

    Keys are strings; {!Make} builds a store over any ordered key. *)

type 'a t
(** A store of values of type ['a]. *)

type error = Missing_key of string | Closed

exception Store_error of error
(** Raised by {!find} when a key is missing. *)

val create : string -> 'a t
(** [create name] is an empty store called [name]. *)

val add : 'a t -> string -> 'a -> unit
(** [add t key v] binds [key] to [v] in [t], replacing an older binding.
    @raise Store_error [Closed] if the store was closed. *)

(** [length l] is the number of bindings in [l]. *)
val length : 'a list -> int

module type ORDERED = sig
  type t
  val compare : t -> t -> int
end

module Make (Ord : ORDERED) : sig
  type key = Ord.t

  val find : key -> (key * 'a) list -> 'a
  (** [find k l] is the value bound to [k] in [l].
      @raise Store_error if there is none. *)

  val mem : key -> (key * 'a) list -> bool
end
