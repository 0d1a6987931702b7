--- A small stack class, LuaDoc-commented as Penlight's modules are.
-- @module stack

local utils = require("pl.utils")
local insert, remove = table.insert, table.remove

local Stack = {}
Stack.__index = Stack

--- Create a new stack.
-- @tparam[opt] table items the initial items, bottom first
-- @treturn Stack
function Stack.new(items)
  local self = setmetatable({ items = {} }, Stack)
  for _, item in ipairs(items or {}) do
    self:push(item)
  end
  return self
end

---@param item any the value to put on top
function Stack:push(item)
  insert(self.items, item)
  return self
end

--- Remove and return the top item.
function Stack:pop()
  if #self.items == 0 then
    utils.raise("pop from an empty stack")
  end
  return remove(self.items)
end

-- How many items there are (not a doc comment, but it stays too).
Stack.size = function(self)
  return #self.items
end

local function describe_item(item)
  return type(item) == "table" and "table" or tostring(item)
end

local format_items = function(items)
  local out = {}
  for i, item in ipairs(items) do
    out[i] = describe_item(item)
  end
  return table.concat(out, ", ")
end

Stack.helpers = {
  --- A stack's items as text, top last.
  describe = function(stack)
    return "Stack(" .. format_items(stack.items) .. ")"
  end,
}

--[[ Older API, kept for callers of version 1. ]]
function Stack.create(items) return Stack.new(items) end

return Stack
