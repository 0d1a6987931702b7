# Give a model a URL slug made from its title, kept unique by a numeric suffix.
module Sluggable
  extend ActiveSupport::Concern

  included do
    before_validation :assign_slug, if: -> { slug.blank? }
  end

  class_methods do
    def friendly
      FriendlyFinder.new(self)
    end
  end

  private

  def assign_slug
    base = Slugify.call(title)
    candidate = base
    n = 1
    while self.class.exists?(slug: candidate)
      n += 1
      candidate = "#{base}-#{n}"
    end
    self.slug = candidate
  end
end
