module Slugify
  # "Hello, World!" -> "hello-world"
  def self.call(text)
    text.to_s.unicode_normalize(:nfkd).gsub(/[^\x00-\x7F]/, "").downcase.gsub(/[^a-z0-9]+/, "-").gsub(/\A-|-\z/, "")
  end
end
