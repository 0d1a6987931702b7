{-# LANGUAGE ScopedTypeVariables #-}
-----------------------------------------------------------------------------
-- |
-- Module      :  Data.Store
-- License     :  BSD-style
--
-- A key-value store over "Data.Map", with a typed key.
-----------------------------------------------------------------------------
module Data.Store
  ( Store (..)
  , Key (..)
  , Storable (..)
  , empty
  , insert
  , lookupKey
  , (!)
  ) where

import qualified Data.Map as Map
import Data.Maybe	(fromMaybe)

-- | A key-value store: its entries and the name it was opened under.
data Store k v = Store
  { entries   :: Map.Map k v   -- ^ what it holds
  , storeName :: String        -- ^ the name it was opened under
  } deriving (Show, Eq)

-- | A key, as the outside world spells it.
newtype Key = Key { unKey :: String }
  deriving (Show, Eq, Ord)

-- | Things a store can hold: they know how to become text and back.
class Storable a where
  encode :: a -> String
  decode :: String -> Maybe a

instance Storable Int where
  encode = show
  decode s = case reads s of
    [(n, "")] -> Just n
    _         -> Nothing

-- | An empty store under a name.
empty :: String -> Store k v
empty name = Store Map.empty name

-- | /O(log n)/. Insert a value under its key.
-- An older value under the same key is replaced.
insert :: Ord k => k -> v -> Store k v -> Store k v
insert k v (Store m name) = Store (Map.insert k v m) name

-- | /O(log n)/. The value under a key, if any.
lookupKey :: Ord k => k -> Store k v -> Maybe v
lookupKey _ (Store m _) | Map.null m = Nothing
lookupKey k (Store m _) = Map.lookup k m

-- | The value under a key, or an error naming the store.
(!) :: (Ord k, Show k) => Store k v -> k -> v
s ! k = fromMaybe (error msg) (lookupKey k s)
  where
    msg = "Data.Store.!: no key " ++ show k ++ " in " ++ storeName s

infixl 9 !
