# A blog post, written in Markdown, published now or on a schedule.
class Post < ApplicationRecord
  include Sluggable

  belongs_to :author, class_name: "User"
  has_many :comments, dependent: :destroy

  validates :title, presence: true, length: { maximum: 120 }
  validates :body, presence: true

  scope :published, -> { where.not(published_at: nil) }
  scope :drafts, -> { where(published_at: nil) }

  STATES = %w[draft scheduled published].freeze

  STATES.each do |state|
    define_method("#{state}?") do
      self.state == state
    end
  end

  # Publish the post now and notify its author's followers.
  def publish!
    update!(published_at: Time.current)
    author.followers.find_each { |f| PostMailer.published(self, f).deliver_later }
  end

  # The body rendered to HTML with the app's Markdown options.
  def body_html
    MarkdownRenderer.new(body).to_html
  end

  def state
    return "published" if published_at
    scheduled_at ? "scheduled" : "draft"
  end
end
